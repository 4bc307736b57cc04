local t = {} for i = 1, 1e6 do t[i] = {i} end return #t

local t = {} local c = t for i = 1, 1000 do c[1] = {} c = c[1] end return t

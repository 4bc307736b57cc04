local t = {} for i = 1, 100 do t = { t, t } end return t

return 1, 2.5, "three", true, nil, {1, 2, 3, n = 4, [5.5] = "f", [true] = false}, 0/0, math.huge, -0.0, math.mininteger, function() return 1 end

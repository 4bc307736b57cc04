local s = string.rep("x", 1 << 20) .. "(" return load(string.rep("(", 300) .. "1" .. string.rep(")", 300)), load(s)

local s = string.rep("a", 1 << 22) return #s, s == s .. "", s:rep(100)

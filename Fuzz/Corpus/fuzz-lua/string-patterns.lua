local s = "Old Faithful Geyser, 44.4605,-110.8281; erupts ~ every 90 min (%d)"
local out = {}
out[1] = { s:find("(%a+) (%a+)") }
out[2] = { pcall(string.match, s, "(%-?%d+%.%d+),(%-?%d+%.%d+)") }
out[3] = { s:gsub("%s+", "_") }
out[4] = { s:gsub("(%w+)", "<%1>", 3) }
out[5] = { ("key=val; k2=v2"):gsub("(%w+)=(%w+)", "%2=%1") }
for k, v in ("a=1, b=2, c=3"):gmatch("(%w+)=(%w+)") do out[#out + 1] = k .. v end
out[#out + 1] = ("THE (quick) fox"):find("%((%a+)%)")
out[#out + 1] = ("  trim  "):match("^%s*(.-)%s*$")
out[#out + 1] = ("[[x]]"):find("[[]", 1)
out[#out + 1] = ("f(a(b)c)"):match("%b()")
out[#out + 1] = ("THE END"):find("%f[%w]%w+", 2)
out[#out + 1] = string.format("%q %5.2f %x %s %-5d| %g %c", "a\nb\0", math.pi, 255, nil, 42, 1e300, 65)
out[#out + 1] = ("abc"):rep(3, ", ") .. ("x"):byte() .. string.char(72, 105) .. ("AbC"):upper():lower():reverse()
out[#out + 1] = #string.pack("i4 d s1", 7, 1.5, "hi") .. tostring(string.unpack("i4", string.pack("i4", -3)))
out[#out + 1] = utf8.char(72, 233, 8364, 128512) .. utf8.len("café") .. tostring(utf8.codepoint("é"))
for p, c in utf8.codes("añb") do out[#out + 1] = p .. ":" .. c end
return out

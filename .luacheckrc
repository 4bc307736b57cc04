-- luacheck configuration for flows/ and parks/ (Debian: apt install lua-check). `flowrun
-- check` runs luacheck with it when luacheck is on PATH; by hand, from the project root:
--   luacheck flows parks
-- The globals a flow may read are not listed here: meta/luacheck.gen.lua, written by
-- `flowrun stubs` from the flow sandbox and the native modules, is the standard. A project
-- without this file is linted with the same settings (Sources/flowrun/Lint/Luacheck.swift).
stds.flowrun = dofile("meta/luacheck.gen.lua")
std = "flowrun"

-- Park settings and content are data, often long: line length is not a mistake.
max_line_length = false

-- Flows and helpers implement signatures others set: flow.register's (ctx, super), a
-- scoring override's score(site, ctx, distance). An unused argument there is no mistake.
unused_args = false

-- Scenario files (`flowrun test`) run in their own sandbox, which adds `scenario` and
-- `expect` (meta/scenario.lua documents both).
files["parks/*/tests"] = { read_globals = { "scenario", "expect" } }
files["tests"] = { read_globals = { "scenario", "expect" } }

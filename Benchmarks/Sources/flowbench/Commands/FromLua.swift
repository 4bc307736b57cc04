import ArgumentParser

extension Flowbench {
    /// `flowbench from-lua`: the engines as flows call them, beside their references.
    struct FromLua: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "from-lua",
            abstract: "The engines from a flow: cluster.index vs pysupercluster, geo.inverse over lists vs pyproj, geofence fixes from Lua.",
            discussion: """
                A bench flow in staged copies of GOGA and YELL (budgets raised) gets its data once as ctx.track and keeps it; \
                each figure is then one run of a call, less an empty run of the same round. cluster.index on park_100k \
                (--data, made by the cluster bench's gen_data.py: run 'flowbench cluster' once) from a list of {lat, lon} \
                and from columns; geo.inverse over 100,000 worldwide and park-scale pairs (those of 'flowbench geodesy') \
                as lists and one call a pair; the 100,000-fix geofence track fed to a monitor of YELL's sites. With \
                --with-python, pysupercluster 0.7.7 (reference/cluster/build_once.py) and pyproj's Geod.inv \
                (reference/geodesy/pyproj_inverse.py) run on the same points and pairs in every round \
                (venv /tmp/flowbench-from-lua/venv by default).
                Examples:
                  flowbench from-lua --with-python --runs 7
                  flowbench from-lua --with-python --with-proj --proj-library VENV/lib/python3.11/site-packages/pyproj.libs/libproj-*.so.25
                """)

        @Option(help: ArgumentHelp("Rounds; medians are reported.", valueName: "n"))
        var runs = 7

        @Option(help: ArgumentHelp("The folder holding park_100k.f64.", valueName: "dir"))
        var data = "/tmp/flowbench-cluster/data"

        @Flag(help: "Also time PROJ's C geod_inverse on the pairs, in this process (libproj loaded at run time).")
        var withProj = false

        @Option(help: ArgumentHelp("The libproj to load (e.g. the one a pyproj wheel bundles in site-packages/pyproj.libs/).", valueName: "path"))
        var projLibrary: String?

        @OptionGroup var project: ProjectOptions

        @OptionGroup(title: "Python reference (pysupercluster 0.7.7, pyproj)")
        var python: PythonOptions

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...1000)
            if projLibrary != nil && !withProj { throw ValidationError("--proj-library needs --with-proj") }
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(project.root)
            let bench = FromLuaBench(
                root: root, pointsFile: CommandLineValues.absolutePath(data) + "/park_100k.f64", runs: runs, pairCount: 100_000,
                venv: python.venvPath("from-lua"), withPython: python.withPython, proj: withProj ? try ProjGeodesic(path: projLibrary) : nil)
            if python.withPython { try bench.prepareVenv() }
            let result = try bench.run()
            print(result.render(runs: runs, withPython: python.withPython), terminator: "")
        }
    }
}

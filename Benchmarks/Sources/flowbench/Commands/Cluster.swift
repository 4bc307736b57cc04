import ArgumentParser

extension Flowbench {
    /// `flowbench cluster`: GeoKit's ClusterIndex against pysupercluster on the reference datasets.
    struct Cluster: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "GeoKit's ClusterIndex against pysupercluster: builds, peak memory, six queries, equivalence, insert/remove.",
            discussion: """
                Options radius 40, extent 512, zoom 0-16, minPoints 2, on park_10k, park_100k and world_1m from \
                --data (generated with the reference gen_data.py, which needs python3 with numpy, when missing). \
                Counts are checked against the reference expected_counts_f64.json. With --with-python, \
                pysupercluster 0.7.7 runs on the same files in the same run (venv /tmp/flowbench-cluster/venv \
                by default); without it the reference is results/summary.txt (another run, labelled so). The \
                reference files are Benchmarks/reference/cluster in the repository (--shared DIR for another copy).
                With --with-python the builds are also compared like for like: flowrun and pysupercluster in fresh \
                child processes that each build once (first) and rebuild (warm), pinned to one core and to two \
                (taskset), interleaved; --builds-only runs just that comparison (on the --dataset ones, default all three).
                Examples:
                  flowbench cluster --with-python --runs 7
                  flowbench cluster --with-python --builds-only --dataset park_100k --runs 9
                  flowbench cluster --runs 1 --data /tmp/cluster-data
                """)

        @Option(help: ArgumentHelp("Dataset folder.", valueName: "dir"))
        var data = "/tmp/flowbench-cluster/data"

        @Option(help: ArgumentHelp("Fresh builds per dataset, and pysupercluster processes.", valueName: "n"))
        var runs = 5

        @Option(help: ArgumentHelp("The cluster reference folder (\(ReferenceFiles.defaultHelp("cluster"))).", valueName: "dir"))
        var shared: String?

        @Flag(help: "Only the like-for-like build comparison with pysupercluster (needs --with-python).")
        var buildsOnly = false

        @Option(help: ArgumentHelp("A dataset of the like-for-like builds (repeatable): park_10k, park_100k, world_1m.", valueName: "name"))
        var dataset: [String] = []

        @OptionGroup(title: "Python reference (pysupercluster 0.7.7)")
        var python: PythonOptions

        func validate() throws {
            try CommandLineValues.wholeNumber("--runs", runs, in: 1...1000)
            if buildsOnly && !python.withPython { throw ValidationError("--builds-only compares with pysupercluster: add --with-python") }
            for name in dataset where !ClusterBench.datasets.contains(name) {
                throw ValidationError("--dataset \(name): expected one of \(ClusterBench.datasets.joined(separator: ", "))")
            }
        }

        func run() throws {
            var bench = ClusterBench(
                dataDir: CommandLineValues.absolutePath(data), sharedDir: CommandLineValues.absolutePath(shared ?? ReferenceFiles.cluster),
                venvDir: python.venvPath("cluster"), runs: runs, withPython: python.withPython)
            bench.buildsOnly = buildsOnly
            if !dataset.isEmpty { bench.buildDatasets = ClusterBench.datasets.filter(dataset.contains) }
            try bench.run()
        }
    }
}

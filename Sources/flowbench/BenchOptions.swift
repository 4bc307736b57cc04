/// Command-line options of `flowbench`. Hand-rolled: the benchmark keeps its dependencies
/// to the layers it measures.
struct BenchOptions {
    /// Runs per in-process figure; every figure is the median of these.
    var runs = 7
    /// Timed spawns of `flowrun` (after `warmups` untimed ones).
    var spawns = 20
    /// Untimed spawns before the timed ones.
    var warmups = 2
    /// Loop iterations per run for the call-cost variants (a)-(c).
    var iterations = 10_000_000
    /// Loop iterations per run for the geo.distance variants (d).
    var geoIterations = 1_000_000
    /// The project folder holding `flows/` and `parks/`.
    var root = "."
    /// The `flowrun` binary; nil means next to this executable.
    var flowrun: String?
    var showHelp = false

    static let usage = """
    USAGE: flowbench [--runs N] [--spawns N] [--warmups N] [--iterations N]
                     [--geo-iterations N] [--root DIR] [--flowrun PATH]
           flowbench cluster [--data DIR] [--runs N] [--with-python]   (see flowbench cluster --help)
           flowbench geodesy [--runs N] [--with-python]                  (see flowbench geodesy --help)
           flowbench cluster-query --points FILE --bbox W,S,E,N --zoom Z [...]   (see --help)
           flowbench containment [--root DIR] [--flowrun PATH]   (the attack corpus: time, memory, limit)
           flowbench patterns [--runs N] [--lua PATH] [--no-stock]   (the pattern matcher under the limits)
           flowbench geofence [--with-python] [--quick] [--runs N] [--shared DIR] [--venv DIR]
                                                     (see flowbench geofence --help)

    Benchmarks of flowrun, built in release: the cost of a call from Lua into Swift,
    a cold `flowrun --park GOGA home`, and where in-process time goes.
    Every figure is the median of several runs; the machine is noisy, compare ratios.

    OPTIONS:
      --runs N             runs per in-process figure (default 7)
      --spawns N           timed spawns of flowrun (default 20)
      --warmups N          untimed spawns first (default 2)
      --iterations N       loop iterations per run, cases 1a-1c (default 10000000)
      --geo-iterations N   loop iterations per run, case 1d (default 1000000)
      --root DIR           folder holding flows/ and parks/ (default .)
      --flowrun PATH       flowrun binary (default: next to flowbench)
      -h, --help           show this help

    Exit status: 0 with a report (even if a goal fails), 1 if the benchmark cannot be
    set up or run, 2 for bad arguments.
    """

    /// Parses `arguments` (without the program name).
    /// - Throws: `BenchError.usage` naming the bad option.
    static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            func value() throws(BenchError) -> String {
                if let inline { return inline }
                guard let next = rest.popFirst() else { throw .usage("\(name) needs a value") }
                return next
            }
            switch name {
            case "-h", "--help": options.showHelp = true
            case "--runs": options.runs = try count(name, try value(), minimum: 1)
            case "--spawns": options.spawns = try count(name, try value(), minimum: 1)
            case "--warmups": options.warmups = try count(name, try value(), minimum: 0)
            case "--iterations": options.iterations = try count(name, try value(), minimum: 1000)
            case "--geo-iterations": options.geoIterations = try count(name, try value(), minimum: 1000)
            case "--root": options.root = try value()
            case "--flowrun": options.flowrun = try value()
            default: throw .usage("unknown argument '\(argument)'")
            }
        }
        return options
    }

    private static func count(_ name: String, _ text: String, minimum: Int) throws(BenchError) -> Int {
        let digits = text.filter { $0 != "_" }
        guard let n = Int(digits), n >= minimum, n <= 1_000_000_000 else {
            throw .usage("\(name) expects a whole number from \(minimum) to 1000000000, got '\(text)'")
        }
        return n
    }
}

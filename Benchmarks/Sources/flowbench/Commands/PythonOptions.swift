import ArgumentParser
import Foundation

/// `--with-python` and `--venv`: the Python reference a benchmark runs side by side, in the
/// same run, from a venv it creates on first use (cluster, geodesy, geofence).
struct PythonOptions: ParsableArguments {
    @Flag(help: "Run the reference named above in the same run; without it, the report quotes a stored run of it (cluster, geofence) or none (geodesy).")
    var withPython = false

    @Option(help: ArgumentHelp("The reference's venv, created on first use (default /tmp/flowbench-<benchmark>/venv).", valueName: "dir"))
    var venv: String?

    /// The venv folder as an absolute path: `--venv`, else /tmp/flowbench-`benchmark`/venv.
    func venvPath(_ benchmark: String) -> String {
        CommandLineValues.absolutePath(venv ?? "/tmp/flowbench-\(benchmark)/venv")
    }
}

import FlowKit
import FlowrunCommands
import Foundation
import LoopbackServer

/// ParsableCommand's `run` is synchronous: these run async work on the concurrency pool
/// while the main thread waits for it.
enum Blocking {
    /// Runs `body` and returns how it ended (nil never in practice: the task sets its
    /// outcome before it signals).
    static func wait<T: Sendable, E: Error>(_ body: @escaping @Sendable () async throws(E) -> T) -> Result<T, E>? {
        let outcome = Outcome<T, E>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do throws(E) { outcome.value = .success(try await body()) } catch { outcome.value = .failure(error) }
            done.signal()
        }
        done.wait()
        return outcome.value
    }

    /// Serves with `run` until it stops (Ctrl-C), printing `"flowrun LABEL: serving WHAT at
    /// http://127.0.0.1:PORT/ (Ctrl-C to stop)"` once it listens, unbuffered so that a script
    /// waiting for the address reads it at once. A port that cannot be listened on is bad
    /// usage of `--port` (exit 2).
    static func serve(
        _ label: String, serving what: String,
        _ run: @escaping @Sendable (_ onListening: @escaping @Sendable (Int) async -> Void) async throws -> Void
    ) throws {
        ProcessBackstop.liftCPULimit()
        let result = wait { () async throws -> Void in
            try await run { port in
                let line = "flowrun \(label): serving \(what) at http://\(LoopbackServer.host):\(port)/ (Ctrl-C to stop)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
        }
        switch result {
        case .success?, nil: return
        case .failure(let error as LoopbackServer.StartError)?: throw FlowError.badArgument(name: "--port", message: error.description)
        case .failure(let error)?: throw error
        }
    }
}

/// The task's outcome. Unchecked but safe: the task writes it only before `done.signal()`,
/// and it is read only after `done.wait()` returns, so the semaphore orders the two.
private final class Outcome<T, E: Error>: @unchecked Sendable {
    var value: Result<T, E>?
}

// storewriter: the process KillTests kills. It writes the visitor's store the way flowrun
// does (an act run of a Lua flow through FlowRuntime into SQLiteVisitorStore), in a loop,
// and prints `done TITLE` only after each run's commit returned, so whatever it printed
// must be in the database however it dies.
//
//   storewriter ROOT PROFILE PREFIX    (ROOT has flows/writer.lua; writes until killed)
import FlowKit
import FlowStore
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: storewriter ROOT PROFILE PREFIX\n".utf8))
    exit(2)
}
var limits = StoreLimits()
limits.pins = 10_000_000  // the loop outgrows a visitor's quota on purpose
let store = SQLiteVisitorStore(profile: Profile(path: arguments[2]), limits: limits)
do {
    let runtime = try FlowRuntime(root: ProjectRoot(path: arguments[1]), park: "GOGA", store: store)
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    var n = 0
    while true {
        n += 1
        let title = "\(arguments[3])\(n)"
        var request = FlowRequest(flow: "writer", args: ["title": title, "n": String(n)])
        request.acting = true
        _ = try runtime.run(request)
        // Unbuffered: the line is out as soon as the commit is.
        FileHandle.standardOutput.write(Data("done \(title)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("storewriter: \(error)\n".utf8))
    exit(1)
}

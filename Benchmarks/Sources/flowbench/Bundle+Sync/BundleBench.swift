import FlowBundle
import FlowKit
import Foundation

/// `flowbench bundle`: what running from a signed bundle costs over running from the folder.
/// A park's bundle is written once into a temporary folder with a fresh key; then, in this
/// process, verifying it alone, verifying it and building the runtime from its bytes and
/// running home, and building the runtime from the folder and running home; and, when the
/// flowrun binary is there, cold processes of `flowrun --bundle ... home` and `flowrun --root
/// ... home`, alternating. Each figure is the p50 of `runs`.
struct BundleBench {
    struct Figures {
        var files = 0, objects = 0, contentBytes = 0, manifestBytes = 0
        var verify = Samples(), bundleHome = Samples(), rootHome = Samples()
        var coldBundle = Samples(), coldRoot = Samples(), coldBundleRSS = Samples(), coldRootRSS = Samples()
    }

    let root: String
    let park: String
    let runs: Int
    /// The release flowrun, for the cold runs; nil to skip them.
    let flowrun: String?

    func run() throws(BenchError) -> Figures {
        let folder = NSTemporaryDirectory() + "flowbench-bundle-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = SigningKey.generate()
        let project = ProjectRoot(path: root)
        let outcome: BundleWriter.Outcome
        let publicKey: String
        do {
            outcome = try BundleWriter(root: project, key: key).write(park: park, to: folder + "/dist")
            publicKey = try key.writeFiles(name: "bench", in: folder + "/keys").publicKey
        } catch {
            throw .setup("bundle: cannot write the bundle of \(park): \(error)")
        }
        let verifier = BundleVerifier(trust: TrustSet([key.publicKey]))
        var figures = Figures()
        figures.files = outcome.manifest.files.count
        figures.objects = Set(outcome.manifest.files.map(\.sha256)).count
        figures.contentBytes = outcome.manifest.totalBytes
        figures.manifestBytes = outcome.manifestBytes

        let home = FlowRequest(flow: "home")
        for round in 0..<(runs + 2) {
            let start = MonotonicClock.now()
            let verified: VerifiedBundle
            do { verified = try verifier.verify(folder: outcome.folder) } catch { throw .setup("bundle: \(error)") }
            let verifiedAt = MonotonicClock.now()
            try runHome(verified.root, home)
            let bundleEnd = MonotonicClock.now()
            try runHome(project, home)
            let rootEnd = MonotonicClock.now()
            guard round >= 2 else { continue }  // two warm-ups
            figures.verify.add(Double(verifiedAt - start) / 1e6)
            figures.bundleHome.add(Double(bundleEnd - start) / 1e6)
            figures.rootHome.add(Double(rootEnd - bundleEnd) / 1e6)
        }
        if let flowrun {
            let bundled = ["--bundle", outcome.folder, "--trust", publicKey, "--park", park, "home"]
            let plain = ["--root", URL(fileURLWithPath: root).standardizedFileURL.path, "--park", park, "home"]
            for round in 0..<(runs + 2) {
                // Alternate which goes first, so drift falls on both alike.
                let order = round % 2 == 0 ? [(bundled, true), (plain, false)] : [(plain, false), (bundled, true)]
                for (arguments, isBundle) in order {
                    let spawned = try ProcessSpawner.run(flowrun, arguments)
                    guard spawned.exitStatus == 0 else {
                        throw .setup("bundle: `flowrun \(arguments.joined(separator: " "))` failed (its standard error is above)")
                    }
                    guard round >= 2 else { continue }
                    let ms = spawned.wallNanoseconds / 1e6, mib = Double(spawned.maxRSSKiB) / 1024
                    if isBundle { figures.coldBundle.add(ms); figures.coldBundleRSS.add(mib) } else { figures.coldRoot.add(ms); figures.coldRootRSS.add(mib) }
                }
            }
        }
        return figures
    }

    private func runHome(_ project: ProjectRoot, _ request: FlowRequest) throws(BenchError) {
        do {
            let runtime = try FlowRuntime(root: project, park: park)
            _ = try runtime.run(request)
        } catch {
            throw .setup("bundle: \(park) home failed: \(error)")
        }
    }

    func report(_ f: Figures) -> String {
        func ms(_ s: Samples) -> String { String(format: "%.2f ms", s.percentile(50)) }
        var table = TextTable("flowbench bundle: \(park) from a signed bundle vs from its folder (p50 of \(runs) runs)", header: ["case", "p50"])
        table.add(["in this process"])
        table.add(["verify the bundle (signature, manifest, \(figures(f.objects)) objects read and hashed)", ms(f.verify)])
        table.add(["verify + load from memory + run home", ms(f.bundleHome)])
        table.add(["load from the folder (--root) + run home", ms(f.rootHome)])
        if f.coldBundle.count > 0 {
            table.add(["cold processes, alternating"])
            table.add(["flowrun --bundle ... --park \(park) home", ms(f.coldBundle) + String(format: ", %.1f MiB peak", f.coldBundleRSS.percentile(50))])
            table.add(["flowrun --root ... --park \(park) home", ms(f.coldRoot) + String(format: ", %.1f MiB peak", f.coldRootRSS.percentile(50))])
        }
        if f.coldBundle.count > 0, let own = BenchEnvironment.ownPeakKiB() {
            table.note(String(format: "a child's peak starts at its parent's: flowbench's own is %.1f MiB (bin/cold-start measures peaks)", Double(own) / 1024))
        }
        table.note(
            "bundle: \(figures(f.files)) files in \(figures(f.objects)) objects, \(figures(f.contentBytes)) bytes; manifest.json \(figures(f.manifestBytes)) bytes"
        )
        table.note(String(format: "verify + load + home is %.2f× the folder's", f.bundleHome.percentile(50) / f.rootHome.percentile(50)))
        return table.render()
    }

    private func figures(_ n: Int) -> String { Format.grouped(n) }
}

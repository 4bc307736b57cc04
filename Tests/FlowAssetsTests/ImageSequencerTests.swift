import FlowAssets
import FlowKit
import Foundation
import ScreenModel
import Testing

/// The sequencer against a real HTTP server on 127.0.0.1 serving GRTE's assets, with
/// delays and faults injected per picture.
@Suite(.serialized)
struct ImageSequencerTests {
    /// GRTE's onboarding screen as its flow returns it: page 1's four layers, then page 2's dusk.
    static func onboarding() throws -> Screen {
        try FlowRuntime(root: repository, park: "GRTE").run(FlowRequest(flow: "onboarding"))
    }

    static func options(parallel: Int, timeout: Duration = .seconds(1), giveUp: Duration = .seconds(30)) -> ImageSequencer.Options {
        var options = ImageSequencer.Options()
        (options.parallel, options.timeout, options.giveUp) = (parallel, timeout, giveUp)
        return options
    }

    /// Each picture's events after its request, by reference.
    static func outcomes(_ events: [AssetEvent]) -> [String: [AssetEvent.Kind]] {
        Dictionary(grouping: events.filter { $0.kind != .requested }, by: \.item.reference).mapValues { $0.map(\.kind) }
    }

    @Test func theGRTEOnboardingPlanIsPageOneBackToFrontThenPageTwo() throws {
        let plan = ImagePlan(screen: try Self.onboarding())
        #expect(
            plan.items.map(\.reference) == [
                "onboarding/sky.svg", "onboarding/far.svg", "onboarding/near.svg", "onboarding/foreground.svg", "onboarding/dusk.svg",
            ])
    }

    @Test func aPictureLatePastItsTimeoutKeepsItsPlaceholderThenIsReplaced() async throws {
        let plan = ImagePlan(screen: try Self.onboarding())
        let events = try await withAssetServer(faults: ["onboarding/far.svg": .delay(.milliseconds(2_500))]) { base, _ in
            await ImageSequencer(source: .web(base), options: Self.options(parallel: 4)).run(plan)
        }
        let outcomes = Self.outcomes(events)
        let far = try #require(outcomes["onboarding/far.svg"])
        #expect(far.count == 2)
        #expect(far.first == .placeholder)
        guard case .replaced(let bytes)? = far.last else { Issue.record("far.svg: \(far)"); return }
        #expect(bytes > 1_000)
        // The others are not held up by it: each is asked for before it arrives, and each
        // shows. When each shows is the machine's speed (a loaded one answered them after
        // far.svg's 2.5 s), not the sequencer's order, so only the requests are compared.
        let farArrival = try #require(events.last { $0.item.reference == "onboarding/far.svg" }?.at)
        for reference in ["onboarding/sky.svg", "onboarding/near.svg", "onboarding/foreground.svg", "onboarding/dusk.svg"] {
            let requested = events.first { $0.item.reference == reference && $0.kind == .requested }
            guard let requested else { Issue.record("\(reference) was never requested"); continue }
            #expect(requested.at < farArrival, "\(reference)")
            let shown = (outcomes[reference] ?? []).contains { kind in
                switch kind {
                case .loaded, .replaced, .placeholder: return true
                default: return false
                }
            }
            #expect(shown, "\(reference): \(outcomes[reference] ?? [])")
        }
        // The placeholder went up no sooner than the timeout, and the picture replaced it no
        // sooner than the server sent it. Lower bounds and order only: a loaded machine may
        // wake any timer late, so how much later is not the sequencer's behaviour.
        let times = events.filter { $0.item.reference == "onboarding/far.svg" && $0.kind != .requested }.map(\.at)
        try #require(times.count == 2)
        #expect(times[0] >= .seconds(1))
        #expect(times[1] >= .milliseconds(2_500))
        #expect(times[0] < times[1])
    }

    @Test(arguments: [1, 2])
    func requestsFollowThePlan(parallel: Int) async throws {
        let plan = ImagePlan(screen: try Self.onboarding())
        // Each answer later than the one before, so with two in flight the next request
        // always goes out when the earlier of the two finishes, 100 ms or more apart.
        let delays = Dictionary(uniqueKeysWithValues: plan.items.map { ($0.reference, Fault.delay(.milliseconds(100 * $0.rank))) })
        let requests = try await withAssetServer(faults: delays) { base, log in
            await ImageSequencer(source: .web(base), options: Self.options(parallel: parallel)).run(plan)
            return await log.requests
        }
        if parallel == 1 {
            #expect(requests == plan.items.map(\.reference))
        } else {
            // Two go out together, so the first two may arrive either way round; then one per finish, in order.
            #expect(Set(requests.prefix(2)) == Set(plan.items.prefix(2).map(\.reference)))
            #expect(requests.dropFirst(2).elementsEqual(plan.items.dropFirst(2).map(\.reference)))
        }
    }

    @Test func neverMoreThanNInFlight() async throws {
        let plan = ImagePlan(screen: try Self.onboarding())
        let delays = Dictionary(uniqueKeysWithValues: plan.items.map { ($0.reference, Fault.delay(.milliseconds(300))) })
        let most = try await withAssetServer(faults: delays) { base, log in
            await ImageSequencer(source: .web(base), options: Self.options(parallel: 2)).run(plan)
            return await log.mostInFlight
        }
        #expect(most == 2)
    }

    @Test func oneAtATimeIsStrictlySequential() async throws {
        let plan = ImagePlan(screen: try Self.onboarding())
        let delays = Dictionary(uniqueKeysWithValues: plan.items.map { ($0.reference, Fault.delay(.milliseconds(100))) })
        let (most, overlapping, requests) = try await withAssetServer(faults: delays) { base, log in
            await ImageSequencer(source: .web(base), options: Self.options(parallel: 1)).run(plan)
            return (await log.mostInFlight, await log.overlapping, await log.requests)
        }
        #expect(most == 1)
        #expect(overlapping.isEmpty)
        #expect(requests.count == plan.items.count)
    }

    @Test func aMissingPictureAndABrokenConnectionKeepTheirPlaceholders() async throws {
        let plan = ImagePlan(screen: try Self.onboarding())
        let events = try await withAssetServer(faults: ["onboarding/near.svg": .missing, "onboarding/foreground.svg": .broken]) { base, _ in
            await ImageSequencer(source: .web(base), options: Self.options(parallel: 1)).run(plan)
        }
        let outcomes = Self.outcomes(events)
        #expect(outcomes["onboarding/near.svg"] == [.failed("HTTP 404 Not Found")])
        guard case .failed(let message)? = outcomes["onboarding/foreground.svg"]?.first else {
            Issue.record("foreground.svg: \(outcomes["onboarding/foreground.svg"] ?? [])"); return
        }
        #expect(message.hasPrefix("the connection broke before the whole picture arrived ("), "\(message)")
        #expect(outcomes["onboarding/dusk.svg"]?.count == 1)  // the next picture still loads
        let report = AssetReport.lines(plan: plan, events: events, sequencer: ImageSequencer(source: .web("http://x/")))
        #expect(report.contains { $0.contains("onboarding/near.svg") && $0.hasSuffix(": HTTP 404 Not Found") })
        #expect(report.last == "images: 3 loaded, 0 replaced late, 2 kept their placeholder")
    }

    @Test func aRequestWithoutAnAnswerIsDroppedAfterTheGiveUp() async throws {
        let screen = Screen(park: "GRTE", flow: "x", title: "x", sections: [.image(.init(url: "onboarding/sky.svg", alt: ""))])
        let events = try await withAssetServer(faults: ["onboarding/sky.svg": .delay(.seconds(3))]) { base, _ in
            await ImageSequencer(source: .web(base), options: Self.options(parallel: 1, timeout: .milliseconds(300), giveUp: .milliseconds(900)))
                .run(ImagePlan(screen: screen))
        }
        #expect(Self.outcomes(events)["onboarding/sky.svg"] == [.placeholder, .failed("dropped after 900 ms without an answer")])
    }

    @Test func anUnreachableHTTPSPictureKeepsItsPlaceholderAndABadNameFailsAtOnce() async throws {
        // Nothing listens on the discard port of the loopback: refused at once, no network needed.
        let screen = Screen(
            park: "GRTE", flow: "x", title: "x",
            sections: [
                .image(.init(url: "https://127.0.0.1:9/grte.jpg", alt: "")), .image(.init(url: "../park.lua", alt: "")),
            ])
        let outcomes = Self.outcomes(
            await ImageSequencer(source: .web("https://127.0.0.1:9/"), options: Self.options(parallel: 2, timeout: .seconds(20)))
                .run(ImagePlan(screen: screen)))
        #expect(outcomes["https://127.0.0.1:9/grte.jpg"] == [.failed("cannot connect to 127.0.0.1:9 (connection refused)")])
        #expect(outcomes["../park.lua"] == [.failed("'../park.lua' has a name starting with '.' ('..'): '..' and hidden files are not assets")])
    }

    @Test func anHTTPSBaseIsFetchedTooAndAnHTTPServerIsNoHTTPSOne() async throws {
        // The test server speaks plain HTTP: the TLS handshake fails, and says where.
        let screen = Screen(park: "GRTE", flow: "x", title: "x", sections: [.image(.init(url: "onboarding/sky.svg", alt: ""))])
        let (events, requests) = try await withAssetServer { base, log in
            let secure = base.replacingOccurrences(of: "http://", with: "https://")
            return (
                await ImageSequencer(source: .web(secure), options: Self.options(parallel: 1, timeout: .seconds(20))).run(ImagePlan(screen: screen)),
                await log.requests
            )
        }
        guard case .failed(let message)? = Self.outcomes(events)["onboarding/sky.svg"]?.first else {
            Issue.record("\(events)"); return
        }
        #expect(message.hasPrefix("no secure connection to 127.0.0.1:") && message.hasSuffix(" (TLS handshake failed: wrong version number)"), "\(message)")
        #expect(requests.isEmpty)
    }

    @Test func aFolderIsASourceToo() async throws {
        let plan = ImagePlan(screen: try Self.onboarding())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowassets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("parks/GRTE/assets"), to: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("onboarding/dusk.svg"))
        let outcomes = Self.outcomes(await ImageSequencer(source: .folder(folder), options: Self.options(parallel: 1)).run(plan))
        guard case .loaded? = outcomes["onboarding/sky.svg"]?.first else { Issue.record("\(outcomes)"); return }
        guard case .failed(let message)? = outcomes["onboarding/dusk.svg"]?.first else { Issue.record("\(outcomes)"); return }
        #expect(message.hasSuffix("onboarding/dusk.svg: file not found"))
    }
}

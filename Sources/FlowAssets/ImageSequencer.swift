public import FlowKit

/// The image sequencer (the seed's Tasks Sequencer): loads a screen's pictures in the
/// order of an ``ImagePlan``, at most `options.parallel` at a time (1: one after the
/// other, as the seed did). A picture that has not arrived `options.timeout` after its
/// request keeps its placeholder (``AssetEvent/Kind/placeholder``); if it arrives later it
/// replaces the placeholder (``AssetEvent/Kind/replaced(bytes:)``). A picture still holds its slot
/// while late, so the source never sees more than `parallel` requests; one that has not
/// arrived `options.giveUp` after its request is dropped and keeps its placeholder.
public struct ImageSequencer: Sendable {
    /// How the sequencer loads (FlowKit's `PictureLoadOptions`, where the defaults are).
    public typealias Options = PictureLoadOptions

    /// Where the pictures come from.
    public let source: AssetSource
    /// How they load.
    public let options: Options

    /// A sequencer of `source`'s pictures.
    /// - Parameters:
    ///   - source: a folder or a base URL.
    ///   - options: parallelism and timeouts (default `Options()`).
    public init(source: AssetSource, options: Options = Options()) {
        self.source = source
        self.options = options
    }

    /// Loads every picture of `plan` and reports each step as it happens.
    /// - Parameters:
    ///   - plan: the pictures, in the order they are requested.
    ///   - events: told of every request, arrival, timeout, late arrival and failure, in the
    ///     order they happen (calls are serialised).
    /// - Returns: every event, in the order they happened.
    @discardableResult
    public func run(_ plan: ImagePlan, events: @escaping @Sendable (AssetEvent) -> Void = { _ in }) async -> [AssetEvent] {
        let log = EventLog(start: ContinuousClock.now, listener: events)
        let parallel = max(1, options.parallel)
        await HTTPGet.withClient(parallel: parallel, connectTimeout: options.giveUp) { http in
            await withTaskGroup(of: Void.self) { group in
                var next = plan.items.startIndex
                // Fill the slots, then start one picture each time one finishes (arrives, fails or is dropped).
                while next < plan.items.endIndex, next - plan.items.startIndex < parallel {
                    let item = plan.items[next]
                    group.addTask { await self.load(item, log: log, http: http) }
                    next += 1
                }
                while await group.next() != nil, next < plan.items.endIndex {
                    let item = plan.items[next]
                    group.addTask { await self.load(item, log: log, http: http) }
                    next += 1
                }
            }
        }
        return await log.events
    }

    /// One picture: its request, then whichever comes first of arrival, failure, timeout
    /// (then arrival or failure later) or the give-up.
    private func load(_ item: ImagePlan.Item, log: EventLog, http: HTTPGet) async {
        let requested = ContinuousClock.now
        await log.record(item, .requested)
        enum Step: Sendable { case arrived(Int), failed(String), timedOut, gaveUp }
        await withTaskGroup(of: Step.self) { group in
            let source = source, options = options
            group.addTask {
                do throws(AssetFetchError) {
                    return .arrived(try await source.fetch(item.reference, deadline: requested.advanced(by: options.giveUp), http: http))
                } catch {
                    return .failed(error.description)
                }
            }
            group.addTask {
                try? await Task.sleep(until: requested.advanced(by: options.timeout), clock: .continuous)
                return .timedOut
            }
            group.addTask {
                try? await Task.sleep(until: requested.advanced(by: options.giveUp), clock: .continuous)
                return .gaveUp
            }
            var late = false
            while let step = await group.next() {
                switch step {
                case .arrived(let bytes):
                    await log.record(item, late ? .replaced(bytes: bytes) : .loaded(bytes: bytes))
                case .failed(let message):
                    // The request's own deadline is the give-up: past it, whichever of the two
                    // woke first, the picture was dropped for want of an answer.
                    let dropped = ContinuousClock.now >= requested.advanced(by: options.giveUp)
                    await log.record(item, .failed(dropped ? Self.droppedMessage(options) : message))
                case .timedOut:
                    // Cancelled sleeps return early too: only a real timeout counts.
                    guard !Task.isCancelled, !late else { continue }
                    late = true
                    await log.record(item, .placeholder)
                    continue
                case .gaveUp:
                    guard !Task.isCancelled else { continue }
                    await log.record(item, .failed(Self.droppedMessage(options)))
                }
                group.cancelAll()
                break
            }
        }
    }

    /// Why a picture without an answer by the give-up is dropped.
    private static func droppedMessage(_ options: Options) -> String {
        "dropped after \(PictureLoadOptions.milliseconds(options.giveUp)) ms without an answer"
    }
}

/// The events of one run, in the order they happened, each passed on as it is recorded.
private actor EventLog {
    let start: ContinuousClock.Instant
    let listener: @Sendable (AssetEvent) -> Void
    private(set) var events: [AssetEvent] = []

    init(start: ContinuousClock.Instant, listener: @escaping @Sendable (AssetEvent) -> Void) {
        (self.start, self.listener) = (start, listener)
    }

    func record(_ item: ImagePlan.Item, _ kind: AssetEvent.Kind) {
        let event = AssetEvent(item: item, kind: kind, at: start.duration(to: .now))
        events.append(event)
        listener(event)
    }
}

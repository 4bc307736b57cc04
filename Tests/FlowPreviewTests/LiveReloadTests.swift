import AsyncHTTPClient
import FlowKit
@testable import FlowPreview
import Foundation
import NIOCore
import Testing

/// Saving a file under flows/ or parks/ reaches subscribers as Server-Sent Events.
@Suite struct LiveReloadTests {
    /// Reads the stream at `path` until its text holds `until`, after calling `then` once
    /// the first chunk (the subscription's) arrived; returns all it read.
    func read(_ url: URL, _ path: String, until: String, then: @Sendable () throws -> Void) async throws -> String {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url.absoluteString + path), timeout: .seconds(60))
        #expect(response.headers.first(name: "content-type") == "text/event-stream")
        var text = "", saved = false
        for try await chunk in response.body {
            text += String(buffer: chunk)
            if !saved { try then(); saved = true }
            if text.contains(until) { break }
        }
        return text
    }

    @Test func savingAFlowSendsAChangeEvent() async throws {
        let project = try TestProject()
        let text = try await withServer(root: project.root) { url in
            try await read(url, "/events", until: "event: change\n") {
                try project.write("flows/home_extra.lua", "-- saved while the preview runs\n")
            }
        }
        #expect(text.hasPrefix(": watching flows/ and parks/\n\n"))
        #expect(text.contains("event: change\ndata: 1\n\n"))
    }

    static func hello(_ title: String) -> String {
        "local ui = require(\"lib.ui\")\nflow.register(\"hello\", function(ctx) return ui.screen(\"\(title)\", {}) end)\n"
    }

    @Test func aSubscribedFlowGetsItsNewScreenAfterASave() async throws {
        let project = try TestProject(files: ["flows/hello.lua": Self.hello("Before")])
        let text = try await withServer(root: project.root) { url in
            try await read(url, "/parks/GOGA/flows/hello/events", until: "\"title\" : \"After the save\"") {
                // A different size too: the watcher sees the change even where file times are coarse.
                try project.write("flows/hello.lua", Self.hello("After the save"))
            }
        }
        #expect(text.hasPrefix("event: screen\ndata: {\n"))
        #expect(text.contains("data:   \"title\" : \"Before\""))
        #expect(text.contains("data:   \"title\" : \"After the save\""))
    }

    @Test func theFeedCountsChangesForEverySubscriber() async throws {
        let feed = ChangeFeed()
        let first = await feed.subscribe(), second = await feed.subscribe()
        await feed.publish()
        var a = first.makeAsyncIterator(), b = second.makeAsyncIterator()
        #expect(await a.next() == 1)
        #expect(await b.next() == 1)
    }

    @Test func aPingIsZeroAndDoesNotCountAsAChange() async throws {
        let feed = ChangeFeed()
        var changes = await feed.subscribe().makeAsyncIterator()
        await feed.ping()
        #expect(await changes.next() == 0)
        await feed.publish()
        #expect(await changes.next() == 1)
    }

    @Test func closingTheFeedEndsEveryStreamAndLaterOnes() async throws {
        let feed = ChangeFeed()
        var before = await feed.subscribe().makeAsyncIterator()
        await feed.close()
        var after = await feed.subscribe().makeAsyncIterator()
        #expect(await before.next() == nil)
        #expect(await after.next() == nil)
        #expect(await feed.count == 0)
    }

    /// The watcher is told of a save rather than looking for it: with looks an hour apart, a
    /// file saved in a folder made after the watch began is still a change, at once. (Where
    /// the platform tells nothing, the watcher polls and this test does not apply.)
    @Test func theWatcherIsToldOfASaveWithoutLooking() async throws {
        let project = try TestProject()
        var watcher = FileWatcher(root: project.root)
        watcher.interval = .seconds(3600)
        let changes = watcher.start()
        #if os(Linux)
        #expect(changes.mechanism == .notification)
        #endif
        guard changes.mechanism == .notification else { return }
        let count = ChangeCount()
        let watching = Task { for await _ in changes.stream { await count.add() } }
        defer { watching.cancel() }
        try FileManager.default.createDirectory(at: project.url.appendingPathComponent("parks/GOGA/flows/new"), withIntermediateDirectories: true)
        #expect(await count.reaches(1))
        try project.write("parks/GOGA/flows/new/extra.lua", "-- a file in a folder made after the watch began\n")
        #expect(await count.reaches(2))
    }

    /// How many changes a watch has told of.
    actor ChangeCount {
        private var count = 0
        func add() { count += 1 }

        /// Whether the count reaches `target` within 20 s (a bound for a loaded machine, not a timing).
        func reaches(_ target: Int) async -> Bool {
            var waits = 0
            while count < target, waits < 2000 {
                try? await Task.sleep(for: .milliseconds(10))
                waits += 1
            }
            return count >= target
        }
    }

    @Test func theWatcherSeesAFileSavedAddedOrRemoved() throws {
        let project = try TestProject()
        let watcher = FileWatcher(root: project.root)
        let before = watcher.snapshot()
        try project.write("parks/GOGA/notes.txt", "new")
        let added = watcher.snapshot()
        #expect(added != before)
        try FileManager.default.removeItem(at: project.url.appendingPathComponent("parks/GOGA/notes.txt"))
        #expect(watcher.snapshot() == before)
    }

    /// A save that keeps the size and the modification time (set back, as within one tick of
    /// a coarse clock) is still a change: the change time moved. So is an editor's save by
    /// renaming a new file over the old one.
    @Test func theWatcherSeesASaveThatKeepsSizeAndModificationTime() throws {
        let project = try TestProject()
        let watcher = FileWatcher(root: project.root)
        let file = project.url.appendingPathComponent("flows/home.lua")
        let manager = FileManager.default
        let modified = try #require(try manager.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        let before = watcher.snapshot()
        var text = try String(contentsOf: file, encoding: .utf8)
        text = String(text.dropLast()) + (text.last == "\n" ? " " : "\n")  // same size
        try Data(text.utf8).write(to: file)
        try manager.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
        let saved = watcher.snapshot()
        #expect(saved[file.path]?.size == before[file.path]?.size)
        #expect(saved != before)

        try Data(text.utf8).write(to: file, options: .atomic)  // a new file renamed over it
        #expect(watcher.snapshot() != saved)
        withExtendedLifetime(project) {}
    }
}

import FlowKit
import FlowStore
import Testing

/// A store's revision (what the preview's API keeps screens by) changes with every commit
/// that writes, by this store or by another process's on the same profile, and with no read.
@Suite struct RevisionTests {
    @Test func readsKeepTheRevisionAndEveryWriteChangesIt() throws {
        let f = try StoreFixture()
        let store = f.store(), other = f.store()
        let empty = try #require(store.revision())
        #expect(f.run("return #store.favorites()", store: store).title == "0")
        #expect(store.revision() == empty, "a view run of a profile without a database changes nothing")

        #expect(f.act("store.add_favorite('\(alcatraz)') return 'ok'", store: store).title == "ok")
        let written = try #require(store.revision())
        #expect(written != empty)
        #expect(f.run("return #store.favorites()", store: store).title == "1")
        #expect(store.revision() == written)

        // Another connection's commit (as another process's) is seen in the files.
        #expect(f.act("store.mark_visited('\(cellhouse)') return 'ok'", store: other).title == "ok")
        #expect(store.revision() != written)

        // An act that fails writes nothing, and its revision stays.
        let before = try #require(store.revision())
        #expect(f.act("store.add_favorite('\(aquaticPark)') error('boom')", store: store).title == nil)
        #expect(store.revision() == before)
    }

    @Test func aMemoryStoreCountsItsWritingCommits() throws {
        let store = MemoryVisitorStore()
        let start = try #require(store.revision())
        try store.begin(writing: false)
        try store.commit()
        #expect(store.revision() == start)
        try store.begin(writing: true)
        store.rollback()
        #expect(store.revision() == start)
        try store.begin(writing: true)
        try store.commit()
        #expect(store.revision() != start)
    }
}

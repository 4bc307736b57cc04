import Testing
import ScreenModel

/// Decoding through a Decoder that is not JSONDecoder, the way the host decodes Lua tables.
@Suite struct TreeDecodingTests {
    /// `{ schema = ..., park = "GOGA", ... }` as a flow would return it.
    private func screen(sections: Tree) -> Tree {
        .map(["schema": "flowrun/screen@1", "park": "GOGA", "flow": "home", "title": "Golden Gate", "sections": sections])
    }

    @Test(arguments: [false, true])
    func decodesLuaShapedTables(emptyTableIsArray: Bool) throws {
        let tree = screen(
            sections: .array([
                .map(["type": "text", "text": "Hello", "style": "heading"]),
                .map(["type": "list", "items": .empty, "empty": "Nothing here"]),
                .map([
                    "type": "card", "title": "Fort Point", "badges": .empty,
                    "action": .map(["kind": "go", "flow": "site", "args": .empty]),
                ]),
                .map([
                    "type": "onboarding",
                    "pages": .array([
                        .map([
                            "title": "Welcome", "body": "Hi",
                            "background": .array([
                                .map(["image": "sky.jpg", "position": .map(["x": 0, "y": 0.5]), "depth": 1])
                            ]),
                        ])
                    ]),
                ]),
            ]))
        let decoded = try Screen(from: TreeDecoder(tree: tree, emptyTableIsArray: emptyTableIsArray))
        #expect(
            decoded
                == Screen(
                    park: "GOGA", flow: "home", title: "Golden Gate",
                    sections: [
                        .text(.init("Hello", style: .heading)),
                        .list(.init(items: [], empty: "Nothing here")),
                        .card(.init(title: "Fort Point", action: .go("site"))),
                        .onboarding(
                            .init(pages: [
                                .init(
                                    title: "Welcome", body: "Hi",
                                    background: [
                                        .init(image: "sky.jpg", position: .init(x: 0, y: 0.5), depth: 1)
                                    ])
                            ])),
                    ]))
    }

    @Test(arguments: [false, true])
    func emptySectionsTable(emptyTableIsArray: Bool) throws {
        let decoded = try Screen(from: TreeDecoder(tree: screen(sections: .empty), emptyTableIsArray: emptyTableIsArray))
        #expect(decoded.sections.isEmpty)
    }

    @Test func unknownTypeThroughAnyDecoder() {
        #expect {
            try Screen(from: TreeDecoder(tree: screen(sections: .array([.map(["type": "txt", "text": "x"])]))))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.hasPrefix("unknown component type 'txt'; expected one of: text, image,")
        }
    }

    @Test func positionalEntriesInAnObjectAreUnknownKeys() {
        let card = Tree.table([(.string("type"), "card"), (.string("title"), "T"), (.integer(1), "stray")])
        #expect(throws: DecodingError.self) {
            try Screen(from: TreeDecoder(tree: screen(sections: .array([card]))))
        }
    }
}

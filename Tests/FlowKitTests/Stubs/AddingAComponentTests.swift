@testable import FlowAuthoring
import Formats
import Foundation
import ScreenModel
import ScreenSamples
import Testing

/// "Adding a screen component" (docs/developer-guide.md) starts with the component's
/// definition in the screen contract. A fixture component, `rating`, described there and
/// nowhere else, reaches the JSON Schema, the editor stubs and the sample screens the
/// model checks use; and the Codable model, which has not been taught it yet, refuses it by
/// name: the checks say what is missing until the Swift side is written.
@Suite struct AddingAComponentTests {
    static let rating = SchemaDefinition.component(
        "rating",
        [
            .optional("id", .string()),
            .required("stars", .integer(minimum: 1, maximum: 5, "How many stars, 1 to 5.")),
            .optional("label", .string(minLength: 1, "What was rated.")),
        ], "Stars a visitor gave.")

    /// The contract with `rating` added, as its author would: its definition, and its
    /// name in the union of components (which `Component.registry` makes in the real one).
    static var definitions: [SchemaDefinition] {
        ScreenContract.definitions.map { definition in
            guard definition.name == "component", case .oneOf(let variants) = definition.node.shape else { return definition }
            var union = definition
            union.node.shape = .oneOf(variants + [SchemaNode(.reference(rating.name))])
            return union
        } + [rating]
    }

    @Test func itReachesTheSchema() throws {
        let schema = try JSONValue.parse(ScreenSchemaFile.text(definitions: Self.definitions))
        let defs = schema["$defs"]
        #expect(defs?["ratingComponent"]?["required"] == ["type", "stars"])
        #expect(defs?["ratingComponent"]?["properties"]?["stars"]?["maximum"] == 5)
        #expect(defs?["component"]?["oneOf"]?.arrayValue?.last == ["$ref": "#/$defs/ratingComponent"])
        // The real contract's schema is the committed file, which has no rating.
        #expect(!ScreenSchemaFile.text().contains("rating"))
    }

    @Test func itReachesTheStubs() throws {
        let stubs = try ScreenStub.text(schema: ScreenSchemaFile.text(definitions: Self.definitions))
        #expect(stubs.contains("---| flowrun.RatingComponent\n"))
        #expect(stubs.contains("--- Stars a visitor gave.\n--- @class flowrun.RatingComponent\n"))
        #expect(stubs.contains("--- How many stars, 1 to 5. In [1, 5].\n--- @field stars integer\n"))
        #expect(stubs.contains("--- What was rated. Not empty.\n--- @field label? string\n"))
    }

    @Test func itReachesTheSampleScreensAndTheModelRefusesItByName() throws {
        let texts = ContractSamples.screenTexts(definitions: Self.definitions)
        let sections = try texts.compactMap { try JSONValue.parse($0)["sections"]?.arrayValue }.joined()
        let ratings = sections.filter { $0["type"] == "rating" }
        #expect(ratings.count == ContractSamples.count)
        #expect(ratings.first?["stars"] == 3)
        #expect(ratings.first?["label"] == "label 0")
        do {
            _ = try JSONDecoder().decode(Screen.self, from: Data(texts[0].utf8))
            Issue.record("the model decoded a component it does not have")
        } catch {
            #expect("\(error)".contains("rating"), "\(error)")
        }
    }
}

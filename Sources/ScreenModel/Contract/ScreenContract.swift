/// The screen contract: every definition of what a flow returns and app clients render,
/// each written once, beside the Swift type it describes (`Component+Button.swift` holds
/// ``buttonComponent``). Everything else follows from it or is checked against it:
///
/// - `schema/screen.schema.json`, for app clients, and `meta/screen.gen.lua`, the editor's
///   types, are generated from it by `flowrun stubs` (`--check` fails while either is stale);
/// - the Codable model, the runtime's fast reader of Lua tables and the fast JSON writer
///   are checked against it field by field: the tests build a screen holding every field
///   of every definition from the contract and require each path to keep it.
///
/// Adding a component: docs/developer-guide.md, "Adding a screen component".
public enum ScreenContract {
    /// The schema's identity: `$id` and `title`.
    public static let id = "https://flowrun.dev/schema/screen@1.json"
    public static let title = "flowrun screen, version 1"

    /// `component`: one section, selected by its type, in ``Component``'s registry order.
    static let component = SchemaDefinition(
        "component", .oneOf(Component.registry.map { definitionName(ofComponentType: $0.type) }, "One section, selected by its type."))

    /// The definition of the component whose `type` is `type`: `button` → `buttonComponent`.
    public static func definitionName(ofComponentType type: String) -> String { type + "Component" }

    /// The whole screen: the schema's root.
    public static var root: SchemaDefinition { screen }

    /// Every definition under `$defs`, in the order the schema lists them: the components,
    /// the parts they are made of, then the values they share.
    public static let definitions: [SchemaDefinition] = [
        theme, component, textComponent, imageComponent, cardComponent, listComponent, carouselComponent, buttonComponent,
        formComponent, formField, formOption, onboardingComponent, mapComponent, mapVisitor, camera, size, annotation, clusterAnnotation, pinAnnotation,
        categoryCount,
        timelineComponent, timelineEntry, timelinePath, timelineRegion, circleRegion, areaRegion, timelineFact, arComponent,
        arCamera, arPin, labelBox, offScreenHint, image, card, listItem, page, layer, position, action, goAction, urlAction,
        callAction, directionsAction, actAction, coordinate, bbox, ring, time, longitude, latitude, zoom, side, annotationID,
        siteID, bearing, distance, actionID, color, priority, unit,
    ]

    /// The definition named `name`, if the contract has one.
    public static func definition(named name: String) -> SchemaDefinition? {
        name == root.name ? root : definitions.first { $0.name == name }
    }
}

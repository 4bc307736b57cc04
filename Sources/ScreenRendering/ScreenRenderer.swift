public import ScreenModel

/// Turns a validated screen into output for one audience: ``TextRenderer`` for people
/// in a terminal (the default), ``JSONRenderer`` for app clients, ``SVGRenderer`` for a
/// picture of its map, ``HTMLRenderer`` for the screen as a phone shows it.
///
/// Adding a format: write `<Format>Renderer.swift` with one `ScreenRenderer` type,
/// then add its `--format` case and row (`Sources/flowrun/Commands/OutputFormat.swift`).
public protocol ScreenRenderer: Sendable {
    /// The screen as output text, ending with a newline.
    /// - Parameter screen: a screen, as ``FlowRuntime/run(_:)`` returns it.
    func render(_ screen: Screen) -> String
}

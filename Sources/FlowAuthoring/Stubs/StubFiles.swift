public import FlowKit
/// Every file `flowrun stubs` generates, for editors, luacheck and app clients: the native
/// modules' stubs, luacheck's globals, the screen's JSON Schema and classes (both from the
/// screen contract, ``ScreenModel/ScreenContract``), the park settings' classes and, where
/// the project has the page, the tables of the park.lua reference (both from the settings
/// catalog and parks/defaults.lua). A test runs `flowrun stubs --check` against the
/// committed files.
public enum StubFiles {
    /// Each generated file's path relative to the project root (`meta/screen.gen.lua`) and
    /// its whole text, in a fixed order.
    /// - Parameter root: the project; the park stubs read its `parks/defaults.lua`.
    /// - Throws: ``FlowError`` naming the file at fault: a schema the generator cannot type,
    ///   a defaults.lua that does not run, or a Lua state that cannot be made.
    public static func all(root: ProjectRoot) throws(FlowError) -> [(file: String, text: String)] {
        var files =
            StubGenerator.stubs() + [
                (LuacheckGlobals.file, try LuacheckGlobals.text()),
                (ScreenSchemaFile.file, ScreenSchemaFile.text()),
                (ScreenStub.file, try ScreenStub.text(schema: ScreenSchemaFile.text())),
                (ParkStub.file, try ParkStub.text(root: root)),
            ]
        if let reference = try ParkSettingsReference.text(root: root) { files.append((ParkSettingsReference.file, reference)) }
        return files
    }
}

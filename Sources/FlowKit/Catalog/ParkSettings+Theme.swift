public import ScreenModel

extension ParkSettings.Theme {
    /// The colors as a screen carries them (`Screen.theme`), for the app and the renderers.
    public var screenTheme: Theme { Theme(primary: primary, accent: accent, background: background) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// The phone frame's style sheet, in the park's theme, and the checks that keep screen
/// content from reaching CSS or a link as anything but data.
enum HTMLStyle {
    /// Behind an image that has no placeholder colour of its own.
    static let placeholder = "#D9D4C7"
    /// Body text, on the theme's background.
    static let ink = "#1F2A24"
    /// Captions and subtitles, on the theme's background.
    static let muted = "#5D6B63"
    /// The dark text on a light primary or accent (``textColor(on:)``).
    static let darkOnColor = "#1F1A0E"

    /// The theme's colours, or a national-park green, tan and paper when it has none.
    static func palette(_ theme: Theme?) -> (primary: String, accent: String, background: String) {
        (color(theme?.primary) ?? "#2E5E4E", color(theme?.accent) ?? "#E0A526", color(theme?.background) ?? "#F7F4EC")
    }

    /// `value` when it is a `#RRGGBB` colour, else nil (the validator refuses others; this
    /// renderer does not rely on that).
    static func color(_ value: String?) -> String? {
        // Seven bytes, so the six digits after `#` are ASCII.
        guard let value, value.utf8.count == 7, value.first == "#", value.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        return value
    }

    /// Whether `url` is an `http` or `https` address, the only ones a page links to.
    static func isWebAddress(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// `"url"` for CSS `url(...)`: web addresses, with `assets` a path inside the park's
    /// assets/ (``AssetReference``) under that address, and with `photos` a visitor's photo
    /// under that one; anything else is no picture. The
    /// characters that could end the string are escaped.
    static func cssURL(_ url: String, assets: String? = nil, photos: String? = nil) -> String {
        switch try? AssetReference(url) {
        case .park(let path)?: if let assets { return quotedCSS(assets + path) }
        case .photo(let name)?: if let photos { return quotedCSS(photos + name.split(separator: "/").map { queryEscape(String($0)) }.joined(separator: "/")) }
        case .web?, nil: break
        }
        guard isWebAddress(url) else { return "\"\"" }
        return quotedCSS(url)
    }

    private static func quotedCSS(_ url: String) -> String {
        var out = "\""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "\"", "\\", "(", ")": out += "\\\(scalar)"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` percent-encoded for a query string.
    static func queryEscape(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// White or near-black, whichever reads better on `background` (a `#RRGGBB` colour):
    /// the one with the higher WCAG contrast ratio against it.
    static func textColor(on background: String) -> String {
        let dark = darkOnColor
        guard let surface = luminance(background), let ink = luminance(dark) else { return "#FFFFFF" }
        return (1.05) / (surface + 0.05) >= (surface + 0.05) / (ink + 0.05) ? "#FFFFFF" : dark
    }

    /// The relative luminance of a `#RRGGBB` colour (WCAG 2), or nil for anything else.
    static func luminance(_ hex: String) -> Double? {
        guard color(hex) != nil, let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let linear = [value >> 16, value >> 8, value].map { channel -> Double in
            let c = Double(channel & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    /// The style sheet's lines.
    static func sheet(theme: Theme?, frame: Component.Map.Size) -> [String] {
        let (primary, accent, background) = palette(theme)
        let width = SVGMarkup.number(frame.width.isFinite && frame.width > 0 ? frame.width : 390)
        let height = SVGMarkup.number(frame.height.isFinite && frame.height > 0 ? frame.height : 844)
        return """
            :root { --primary: \(primary); --accent: \(accent); --paper: \(background); --ink: \(ink); --muted: \(muted); --line: rgba(31, 42, 36, 0.12); --on-primary: \(textColor(on: primary)); --on-accent: \(textColor(on: accent)); }
            * { box-sizing: border-box; }
            body { margin: 0; padding: 24px; background: #2B302D; font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); }
            .phone { width: \(width)px; height: \(height)px; margin: 0 auto; border-radius: 36px; overflow: hidden; background: var(--paper); box-shadow: 0 0 0 10px #111, 0 18px 50px rgba(0, 0, 0, 0.5); display: flex; flex-direction: column; }
            .bar { background: var(--primary); color: var(--on-primary); padding: 44px 18px 14px; flex: none; }
            .bar h1 { margin: 0; font-size: 22px; line-height: 1.2; font-weight: 700; }
            .bar-subtitle { margin: 4px 0 0; font-size: 14px; }
            .screen { flex: 1; overflow-y: auto; padding: 14px 16px 28px; display: flex; flex-direction: column; gap: 14px; }
            .phone * { scrollbar-width: none; }
            .screen > * { flex: none; }
            .text-title { font-size: 24px; margin: 4px 0 0; color: var(--primary); }
            .text-heading { font-size: 19px; margin: 4px 0 0; color: var(--primary); }
            .text-body { margin: 0; white-space: pre-line; }
            .text-caption { margin: 0; font-size: 13px; color: var(--muted); }
            .text-notice { margin: 0; padding: 10px 12px; border-left: 4px solid var(--accent); background: rgba(224, 165, 38, 0.14); border-radius: 8px; font-weight: 600; }
            .image { width: 100%; aspect-ratio: 16 / 9; border-radius: 14px; background-size: cover; background-position: center; }
            .card { background: #fff; border-radius: 16px; overflow: hidden; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); }
            .card .image { border-radius: 0; }
            .card-body { padding: 12px 14px 14px; }
            .card-position { margin: 0 0 2px; font-size: 12px; color: var(--muted); }
            .card-title { margin: 0; font-size: 17px; }
            .card-subtitle { margin: 2px 0 0; color: var(--muted); font-size: 14px; }
            .card-text { margin: 8px 0 0; white-space: pre-line; }
            .badges { margin: 10px 0 0; display: flex; flex-wrap: wrap; gap: 6px; }
            .badge { display: inline-block; padding: 2px 9px; border-radius: 999px; background: var(--accent); color: var(--on-accent); font-size: 12px; font-weight: 600; }
            .card-action { display: inline-block; margin-top: 12px; color: var(--primary); font-weight: 700; text-decoration: none; }
            .card-action::after { content: " →"; }
            .section-title { margin: 6px 0 8px; font-size: 17px; color: var(--primary); }
            .list ul { list-style: none; margin: 0; padding: 0; background: #fff; border-radius: 14px; overflow: hidden; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.1); }
            .item { position: relative; display: flex; align-items: center; gap: 10px; padding: 11px 14px; border-top: 1px solid var(--line); }
            .item:first-child { border-top: none; }
            .item-text { flex: 1; display: flex; flex-direction: column; min-width: 0; }
            .item-title { font-weight: 600; }
            .item-subtitle { font-size: 13px; color: var(--muted); }
            .item-detail { font-size: 13px; color: var(--muted); white-space: nowrap; }
            .item-action { position: static; color: var(--muted); text-decoration: none; font-size: 22px; line-height: 1; }
            .item-action::before { content: ""; position: absolute; inset: 0; }
            .list-empty { margin: 0; padding: 14px; background: #fff; border-radius: 14px; color: var(--muted); }
            .carousel-track { display: flex; gap: 12px; overflow-x: auto; scroll-snap-type: x mandatory; margin: 0 -16px; padding: 0 16px 6px; scroll-padding: 0 16px; }
            .carousel-track .card { flex: 0 0 78%; scroll-snap-align: start; }
            .button-row { display: flex; }
            .button { flex: 1; display: block; text-align: center; padding: 12px 16px; border-radius: 12px; font-weight: 700; text-decoration: none; }
            .button.primary { background: var(--primary); color: var(--on-primary); }
            .button.secondary { background: transparent; color: var(--primary); border: 2px solid var(--primary); }
            .form { display: flex; flex-direction: column; gap: 10px; background: #fff; border-radius: 14px; padding: 12px 14px 14px; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.1); }
            .form .section-title { margin: 0; }
            .field { display: flex; flex-direction: column; gap: 4px; margin: 0; border: none; padding: 0; }
            .field > label, .field legend { font-weight: 600; font-size: 14px; padding: 0; }
            .field input[type=text], .field input[type=search], .field textarea { font: inherit; color: var(--ink); padding: 9px 11px; border: 1px solid var(--muted); border-radius: 10px; background: var(--paper); }
            .field-toggle, .field .option { flex-direction: row; align-items: center; gap: 8px; }
            .field .option label { font-weight: 400; }
            .field input:focus-visible, .field textarea:focus-visible, .form button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
            .form button { font: inherit; border: none; cursor: pointer; }
            .form-problem { margin: 0; color: #A4262C; font-weight: 600; font-size: 14px; }
            .onboarding { display: flex; overflow-x: auto; scroll-snap-type: x mandatory; gap: 12px; }
            .page { flex: 0 0 100%; scroll-snap-align: start; background: #fff; border-radius: 18px; overflow: hidden; padding-bottom: 16px; }
            .layers { position: relative; height: 300px; overflow: hidden; background: linear-gradient(var(--primary), var(--paper)); }
            .layer { position: absolute; width: 100%; height: 100%; transform: translate(-50%, -50%); background-size: cover; background-position: center bottom; }
            .page-position { margin: 12px 16px 0; font-size: 12px; color: var(--muted); }
            .page-title { margin: 2px 16px 0; font-size: 20px; color: var(--primary); }
            .page-body { margin: 6px 16px 14px; }
            .page .button { margin: 0 16px; }
            .picture { margin: 0; border-radius: 14px; overflow: hidden; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12); background: #fff; }
            .picture svg { display: block; width: 100%; height: auto; }
            .timeline { display: flex; flex-direction: column; gap: 8px; }
            .timeline-span { margin: 0; font-size: 13px; color: var(--muted); }
            .facts { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; font-size: 13px; }
            .facts dt { color: var(--muted); }
            .facts dd { margin: 0; overflow-wrap: anywhere; }
            .timeline-count { margin: 6px 0 0; font-size: 15px; }
            .timeline-entries { list-style: none; margin: 0; padding: 0; background: #fff; border-radius: 14px; overflow: hidden; box-shadow: 0 1px 3px rgba(0, 0, 0, 0.1); }
            .entry { display: flex; gap: 10px; padding: 9px 14px; border-top: 1px solid var(--line); }
            .entry:first-child { border-top: none; }
            .entry-time { font-variant-numeric: tabular-nums; font-size: 13px; color: var(--muted); min-width: 4.6em; padding-top: 1px; }
            .entry-text { flex: 1; display: flex; flex-direction: column; min-width: 0; }
            .entry-title { font-weight: 600; overflow-wrap: anywhere; }
            .entry-detail { font-size: 13px; color: var(--muted); overflow-wrap: anywhere; }
            a.action:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
            .screen:focus-visible { outline: 3px solid var(--accent); outline-offset: -3px; }
            """.split(separator: "\n").map(String.init)
    }
}

import Formats
/// A duty cycle as text, for the command line and the timeline:
///
/// ```
/// POLICY  = BASE ("," OPTION)*
/// BASE    = "default" | "always" | ON "/" PERIOD          seconds: 10/60 is 10 s on of every minute
/// OPTION  = "near=" METRES ":" (ON "/" PERIOD | "always")  faster within METRES of a safe zone's edge
///         | "near=off"                                     no faster rhythm
///         | "hold=" SECONDS | "hold=off"                   GPS kept on after crossing a zone's edge
///         | "fix=" SECONDS                                 first-fix delay of each window
/// ```
///
/// `default` is ``DutyCyclePolicy/standard`` and its options change it (`default,fix=2`); a
/// bare `10/60` has no near rhythm and no hold. Numbers are plain decimals (`2.5`).
extension DutyCyclePolicy: CustomStringConvertible {
    /// The syntax in one line, for help texts and messages.
    public static let syntax =
        "ON/PERIOD in seconds (10/60), 'always' or 'default', then options: "
        + "near=METRES:ON/PERIOD (faster near a safe zone's edge; near=off for none), hold=SECONDS (on after crossing an edge; hold=off), fix=SECONDS (first-fix delay)"

    /// Reads a policy written as above.
    /// - Parameter text: e.g. `default`, `always`, `10/60`, `10/60,near=200:10/20,fix=3`.
    /// - Throws: ``GeoError`` (`invalidArgument`) naming the part at fault: `70/60: on (70 s) is
    ///   longer than the period (60 s)`.
    public init(parsing text: String) throws(GeoError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard let base = parts.first, !base.isEmpty else {
            throw GeoError(.invalidArgument, "\(Excerpt.quoted(text)) is not a duty cycle: expected \(Self.syntax)")
        }
        switch base {
        case "default": self = .standard
        case "always": self = .always
        default:
            guard let r = Self.rhythm(base) else {
                throw GeoError(.invalidArgument, "\(Excerpt.quoted(base)) is not a duty cycle: expected \(Self.syntax)")
            }
            self = .plain(r)
        }
        var seen: Set<Substring> = []
        for part in parts.dropFirst() {
            guard !part.isEmpty else { throw GeoError(.invalidArgument, "\(Excerpt.quoted(text)): an empty option between commas") }
            let (key, value) = Self.option(part)
            guard seen.insert(key).inserted else { throw GeoError(.invalidArgument, "\(Excerpt.quoted(part)): \(key)= is given twice") }
            switch key {
            case "near":
                if value == "off" { near = nil; continue }
                let pieces = value.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces }
                guard pieces.count == 2, let metres = Self.number(pieces[0]),
                    let r = pieces[1] == "always" ? Rhythm.alwaysOn : Self.rhythm(pieces[1])
                else {
                    throw GeoError(
                        .invalidArgument, "\(Excerpt.quoted(part)): expected near=METRES:ON/PERIOD such as near=200:10/20, near=200:always or near=off")
                }
                (nearDistance, near) = (metres, r)
            case "hold":
                if value == "off" { hold = nil; continue }
                guard let seconds = Self.number(value) else {
                    throw GeoError(.invalidArgument, "\(Excerpt.quoted(part)): expected hold=SECONDS such as hold=35, or hold=off")
                }
                hold = seconds
            case "fix":
                guard let seconds = Self.number(value) else {
                    throw GeoError(.invalidArgument, "\(Excerpt.quoted(part)): expected fix=SECONDS such as fix=5")
                }
                firstFixDelay = seconds
            default:
                throw GeoError(
                    .invalidArgument, "\(Excerpt.quoted(part)): unknown option (options: near=METRES:ON/PERIOD, near=off, hold=SECONDS, hold=off, fix=SECONDS)")
            }
        }
        if let problem = problem() { throw GeoError(.invalidArgument, problem) }
    }

    /// The policy as it is written: `always`, `10/60,fix=5`, `10/60,near=300:10/20,fix=5`.
    public var description: String {
        if isAlwaysOn { return "always" }
        var out = Self.text(rhythm)
        if let near { out += ",near=\(GeoError.text(nearDistance)):\(Self.text(near))" }
        if let hold { out += ",hold=\(GeoError.text(hold))" }
        return out + ",fix=\(GeoError.text(firstFixDelay))"
    }

    /// The policy in words: `GPS on 10 s of every 60 s, 10 s of every 20 s within 300 m of a
    /// safe zone's edge, first fix 5 s after switching on`.
    public var summary: String {
        if isAlwaysOn { return "GPS always on" }
        var out = "GPS on \(Self.words(rhythm))"
        if let near {
            out += ", \(near.isAlwaysOn ? "always on" : Self.words(near)) within \(GeoError.text(nearDistance)) m of a safe zone's edge"
        }
        if let hold { out += ", on for \(GeoError.text(hold)) s after crossing a safe zone's edge" }
        return out + ", first fix \(GeoError.text(firstFixDelay)) s after switching on"
    }

    // MARK: - Private

    private static func words(_ r: Rhythm) -> String { "\(GeoError.text(r.on)) s of every \(GeoError.text(r.period)) s" }

    /// `key=value` split at its first `=`; a part without one is all key.
    private static func option(_ part: Substring) -> (Substring, Substring) {
        guard let eq = part.firstIndex(of: "=") else { return (part, "") }
        return (part[..<eq].trimmingSpaces, part[part.index(after: eq)...].trimmingSpaces)
    }

    /// `ON/PERIOD`, unchecked (``DutyCyclePolicy/problem()`` names what is wrong with the numbers).
    private static func rhythm(_ text: Substring) -> Rhythm? {
        let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2, let on = number(pieces[0].trimmingSpaces), let period = number(pieces[1].trimmingSpaces) else { return nil }
        return Rhythm(on: on, period: period)
    }

    /// A plain decimal (`10`, `2.5`, `-3`): no exponents, no `inf`, no hexadecimal.
    private static func number(_ text: Substring) -> Double? {
        var digits = text.hasPrefix("-") ? text.dropFirst() : text
        guard let first = digits.first, first.isASCII, first.isNumber else { return nil }
        if let dot = digits.firstIndex(of: ".") {
            guard digits[digits.index(after: dot)...].allSatisfy({ $0.isASCII && $0.isNumber }),
                digits.index(after: dot) != digits.endIndex
            else { return nil }
            digits = digits[..<dot]
        }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Double(text)
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}

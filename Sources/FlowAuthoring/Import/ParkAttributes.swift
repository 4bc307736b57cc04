import Formats

/// What a boundary feature's properties say about its park, under the names NPS's data
/// gives them (`UNIT_CODE`, `UNIT_NAME`, `STATE`, `PHONE`, `WEBSITE`, `DESCR`) or their
/// common lower-case forms: `flowrun new park` fills park.lua from them where the command
/// line says nothing.
struct ParkAttributes: Equatable {
    var code: String?
    var name: String?
    /// The state as written (`"WY"`, `"Wyoming, Montana"`).
    var state: String?
    var phone: String?
    var website: String?
    var description: String?

    static let codeKeys = ["unit_code", "park_code", "parkcode", "code"]

    init(_ properties: [String: JSONValue]) {
        func text(_ keys: [String]) -> String? {
            for key in keys {
                guard let (_, value) = properties.first(where: { $0.key.lowercased() == key }), case .string(let text) = value else { continue }
                let tidy = Self.tidy(text)
                if !tidy.isEmpty { return tidy }
            }
            return nil
        }
        code = text(Self.codeKeys)?.uppercased()
        name = text(["unit_name", "park_name", "parkname", "fullname", "name"])
        state = text(["state", "states"])
        phone = text(["phone", "phone_number", "phonenumber"]).flatMap(Self.phone)
        website = text(["website", "url", "web"]).flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil }
        description = text(["descr", "description", "desc"])
    }

    /// `text` on one line with single spaces (no-break spaces and line breaks are spaces),
    /// and a dash spaced on both sides or on neither (`Wrangell –St. Elias`: `Wrangell–St. Elias`).
    static func tidy(_ text: String) -> String {
        var words: [String] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\u{A0}" || $0 == "\n" || $0 == "\r" || $0 == "\t" }) {
            if let last = words.last, (word.first == "–" || word.first == "—"), word.count > 1 {
                words[words.count - 1] = last + word
            } else {
                words.append(String(word))
            }
        }
        return words.joined(separator: " ")
    }

    /// A phone number as park.lua writes them (`+1 307-344-7381`): ten digits of a North
    /// American number written so, an extension (`x22`, `ext. 22`) left off; anything else
    /// as it is when flowrun's phone rule takes it, else nil.
    static func phone(_ text: String) -> String? {
        let number = text.firstIndex(where: { $0 == "x" || $0 == "X" }).map { String(text[..<$0]) } ?? text
        let digits = number.filter(\.isASCII).filter(\.isNumber)
        if digits.count == 10 || (digits.count == 11 && digits.first == "1") {
            let d = Array(digits.suffix(10))
            return "+1 \(String(d[0..<3]))-\(String(d[3..<6]))-\(String(d[6..<10]))"
        }
        let kept = number.trimmingWhitespace()
        return kept.allSatisfy({ $0.isASCII && ($0.isNumber || " +-().".contains($0)) }) && digits.count >= 5 ? kept : nil
    }
}

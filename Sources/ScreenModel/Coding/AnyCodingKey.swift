/// A coding key made from any string: reads every key of a container, and names
/// keys built at run time in error paths.
struct AnyCodingKey: CodingKey, Hashable, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        self.stringValue = string
        self.intValue = nil
    }

    init(stringLiteral value: String) {
        self.init(value)
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

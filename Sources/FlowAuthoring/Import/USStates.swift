import Formats

/// The United States' states, district and territories by their postal codes, as NPS data
/// writes them (`STATE: "WY"`), and the names a visitor reads.
enum USStates {
    static let names: [String: String] = [
        "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California", "CO": "Colorado",
        "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia", "FL": "Florida", "GA": "Georgia",
        "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
        "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts",
        "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
        "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico",
        "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma",
        "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
        "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
        "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
        "AS": "American Samoa", "GU": "Guam", "MP": "Northern Mariana Islands", "PR": "Puerto Rico",
        "VI": "U.S. Virgin Islands",
    ]

    /// The postal codes `text` names, in order: codes (`"WY, MT"`) or names (`"Wyoming"`),
    /// separated by commas, slashes or semicolons; nil when any part is neither.
    static func codes(in text: String) -> [String]? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == "/" || $0 == ";" })
            .map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        var codes: [String] = []
        for part in parts {
            let upper = part.uppercased()
            if names[upper] != nil {
                codes.append(upper)
            } else if let code = names.first(where: { $0.value.lowercased() == part.lowercased() })?.key {
                codes.append(code)
            } else {
                return nil
            }
        }
        return codes
    }
}

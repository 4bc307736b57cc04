import Foundation
import GeoKit
import Testing
@testable import FlowKit

/// Title case has two implementations of one set of rules: on Characters for any name, on
/// bytes for names in printable ASCII (most of them, and much faster). They must agree.
@Suite struct TitleCaseTests {
    static let acronyms: Set<String> = ["NRA", "NPS", "US", "USA", "YMCA", "II", "III", "IV"]

    /// Every printable ASCII character has the properties the byte rules give it.
    @Test func asciiPropertiesAreTheCharacters() {
        typealias Rules = TitleCase.ASCIIRules
        for byte in UInt8(0x20)...0x7E {
            let c = Character(Unicode.Scalar(byte))
            #expect(Rules.isLowercase(byte) == c.isLowercase, "\(c)")
            #expect(Rules.isUppercase(byte) == c.isUppercase, "\(c)")
            #expect(Rules.isLetter(byte) == c.isLetter, "\(c)")
            #expect(Rules.isNumber(byte) == c.isNumber, "\(c)")
            #expect(String(Unicode.Scalar(Rules.lowercased(byte))) == c.lowercased(), "\(c)")
            #expect(String(Unicode.Scalar(Rules.uppercased(byte))) == c.uppercased(), "\(c)")
        }
    }

    /// Names that take each branch of the rules, and their edges.
    static let names = [
        "FORT MASON CHAPEL", "CHAPEL OF OUR LADY", "INN AT THE PRESIDIO", "THE WARMING HUT", "OF THE",
        "BATTERY O'ROURKE", "O'NEIL", "O'", "X'Y", "DEAD MAN'S POINT", "MAN'S", "BATTERY HOWE-WAGNER",
        "BATTERY GUTHRIE/SMITH", "GUN (NORTH)", "BATTERY MCKINNON-STOTSENBERG", "MCKINNON", "MCA", "MC", "MC-DONALD",
        "25TH AVE NORTH ENTRANCE", "1ST", "2ND", "3RD", "4TH", "11TH STREET", "5TH.", "25", "TH", "SF88L",
        "NRA HEADQUARTERS", "NPS", "US-101", "LOCKER II", "YMCA CAMP", "  DOUBLE  SPACES ", " ", "", "-",
        "Old Faithful", "already Mixed", "123", "A", "A B C", "ROOM 4B", "AND THEN", "UP-AND-DOWN",
        "'QUOTED'", "~WAVE~", "AT&T PARK", "ISLAND #2",
    ]

    @Test(arguments: names)
    func bothRulesAgree(name: String) {
        #expect(
            TitleCase.ASCIIRules.apply(to: Array(name.utf8), acronyms: Self.acronyms)
                == TitleCase.applyToCharacters(name, acronyms: Self.acronyms))
        #expect(
            TitleCase.ASCIIRules.apply(to: Array(name.utf8), acronyms: [])
                == TitleCase.applyToCharacters(name, acronyms: []))
    }

    /// Every site name of every park, as the data has them.
    @Test func bothRulesAgreeOnEveryParksNames() throws {
        let parks = repositoryRoot.appendingPathComponent("parks")
        var checked = 0
        for code in try FileManager.default.contentsOfDirectory(atPath: parks.path).sorted() {
            let file = parks.appendingPathComponent("\(code)/sites.geojson")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            for site in try SiteCatalog(contentsOf: file, displayPath: file.path).sites {
                #expect(
                    TitleCase.apply(to: site.name, acronyms: Self.acronyms)
                        == TitleCase.applyToCharacters(site.name, acronyms: Self.acronyms), "\(code): \(site.name)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    /// Names outside printable ASCII take the Character rules.
    @Test func otherNamesTakeTheCharacterRules() {
        #expect(TitleCase.apply(to: "ÉCOLE OF THE PARC", acronyms: []) == "École of the Parc")
        #expect(TitleCase.apply(to: "FORT\tPOINT", acronyms: []) == TitleCase.applyToCharacters("FORT\tPOINT", acronyms: []))
    }
}

import Testing
@testable import GeoKit

/// The duty cycle's text form: what each spelling means, that a policy reads back from its own
/// text, and the message for each kind of bad text.
struct DutyCyclePolicyTests {
    static func parse(_ text: String) -> Result<DutyCyclePolicy, GeoError> {
        Result { () throws(GeoError) in try DutyCyclePolicy(parsing: text) }
    }

    @Test func theNamedPolicies() throws {
        #expect(try DutyCyclePolicy(parsing: "default") == .standard)
        #expect(try DutyCyclePolicy(parsing: "always") == .always)
        #expect(DutyCyclePolicy.always.description == "always")
        #expect(DutyCyclePolicy.always.isAlwaysOn)
        #expect(DutyCyclePolicy.standard.problem() == nil)
        #expect(DutyCyclePolicy.standard.description == "10/75,near=50:10/30,hold=30,fix=5")
        #expect(
            DutyCyclePolicy.standard.summary == "GPS on 10 s of every 75 s, 10 s of every 30 s within 50 m of a safe zone's edge, "
                + "on for 30 s after crossing a safe zone's edge, first fix 5 s after switching on")
        #expect(DutyCyclePolicy() == .standard)
    }

    @Test func holdIsAnOption() throws {
        let p = try DutyCyclePolicy(parsing: "10/60,hold=40")
        #expect(p.hold == 40 && p.near == nil)
        #expect(p.description == "10/60,hold=40,fix=5")
        #expect(try DutyCyclePolicy(parsing: "default,hold=off").hold == nil)
        #expect(try DutyCyclePolicy(parsing: "10/60").hold == nil)
    }

    @Test func aBareRhythmHasNoNearRhythm() throws {
        let p = try DutyCyclePolicy(parsing: "10/60")
        #expect(p.rhythm == .init(on: 10, period: 60))
        #expect(p.near == nil)
        #expect(p.firstFixDelay == DutyCyclePolicy.standard.firstFixDelay)
        #expect(p.description == "10/60,fix=5")
        #expect(p.summary == "GPS on 10 s of every 60 s, first fix 5 s after switching on")
    }

    @Test func optionsChangeTheBase() throws {
        let p = try DutyCyclePolicy(parsing: " 10/60 , near=200:10/20 ,fix=2.5")
        #expect(p.rhythm == .init(on: 10, period: 60))
        #expect(p.near == .init(on: 10, period: 20))
        #expect(p.nearDistance == 200)
        #expect(p.firstFixDelay == 2.5)
        #expect(p.description == "10/60,near=200:10/20,fix=2.5")
        #expect(p.summary == "GPS on 10 s of every 60 s, 10 s of every 20 s within 200 m of a safe zone's edge, first fix 2.5 s after switching on")

        let d = try DutyCyclePolicy(parsing: "default,fix=2")
        #expect(d.rhythm == DutyCyclePolicy.standard.rhythm && d.near == DutyCyclePolicy.standard.near && d.firstFixDelay == 2)
        #expect(try DutyCyclePolicy(parsing: "default,near=off").near == nil)
        let always = try DutyCyclePolicy(parsing: "10/120,near=150:always")
        #expect(always.near?.isAlwaysOn == true)
        #expect(always.description == "10/120,near=150:always,fix=5")
    }

    @Test(arguments: ["default", "always", "10/60", "10/120,near=300:10/20", "8/45,near=250:always,hold=20,fix=0", "0.5/2,fix=0.25", "30/30"])
    func aPolicyReadsBackFromItsText(_ text: String) throws {
        let p = try DutyCyclePolicy(parsing: text)
        #expect(try DutyCyclePolicy(parsing: p.description) == p || p.isAlwaysOn)
    }

    @Test(arguments: [
        ("", "'' is not a duty cycle: expected \(DutyCyclePolicy.syntax)"),
        ("fast", "'fast' is not a duty cycle: expected \(DutyCyclePolicy.syntax)"),
        ("10-60", "'10-60' is not a duty cycle: expected \(DutyCyclePolicy.syntax)"),
        ("1e3/60", "'1e3/60' is not a duty cycle: expected \(DutyCyclePolicy.syntax)"),
        ("inf/60", "'inf/60' is not a duty cycle: expected \(DutyCyclePolicy.syntax)"),
        ("70/60", "70/60: on (70 s) is longer than the period (60 s)"),
        ("-10/60", "-10/60: on must be a positive number of seconds, got -10"),
        ("0/60", "0/60: on must be a positive number of seconds, got 0"),
        ("10/0", "10/0: the period must be a positive number of seconds, got 0"),
        ("10/-60", "10/-60: the period must be a positive number of seconds, got -60"),
        ("10/7200", "10/7200: the period may be at most 3600 s (an hour)"),
        ("5/60", "5/60: on (5 s) must be longer than the first-fix delay (fix=5), or no window gets a fix"),
        ("10/60,fix=-1", "fix=-1: the first-fix delay must be 0 to 600 seconds"),
        ("10/60,fix=x", "'fix=x': expected fix=SECONDS such as fix=5"),
        ("10/60,near=200", "'near=200': expected near=METRES:ON/PERIOD such as near=200:10/20, near=200:always or near=off"),
        ("10/60,near=0:10/20", "near=0: the distance must be more than 0 and at most 100000 metres"),
        ("10/60,near=200:10/120", "near=200:10/120: the rhythm near a zone must be at least as fast as 10/60 (a period no longer, a share no smaller)"),
        ("10/60,near=200:20/10", "near=200:20/10: on (20 s) is longer than the period (10 s)"),
        ("always,near=200:10/20", "near=200:10/20: the GPS is always on already; a near rhythm has no effect"),
        ("10/60,speed=3", "'speed=3': unknown option (options: near=METRES:ON/PERIOD, near=off, hold=SECONDS, hold=off, fix=SECONDS)"),
        ("10/60,hold=0", "hold=0: the hold must be more than 0 and at most 600 seconds"),
        ("10/60,hold=-5", "hold=-5: the hold must be more than 0 and at most 600 seconds"),
        ("10/60,hold=x", "'hold=x': expected hold=SECONDS such as hold=35, or hold=off"),
        ("always,hold=30", "hold=30: the GPS is always on already; holding it on has no effect"),
        ("10/60,fix=1,fix=2", "'fix=2': fix= is given twice"),
        ("10/60,", "'10/60,': an empty option between commas"),
    ])
    func badTextIsRefusedNamingThePart(_ text: String, _ message: String) {
        guard case .failure(let error) = Self.parse(text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        #expect(error.kind == .invalidArgument)
        #expect(error.description == message)
    }

    @Test func theNearRhythmAppliesWithinTheDistanceOfAnEdgeInsideOrOut() throws {
        let zone = try GeofenceRegion(id: "camp", center: Coordinate(latitude: 37.87, longitude: -119.35), radius: 500)
        let p = try DutyCyclePolicy(parsing: "10/60,near=100:10/20")
        func at(_ metresNorth: Double) -> DutyCyclePolicy.Rhythm {
            p.rhythm(at: Coordinate(latitude: 37.87 + metresNorth / 111_000, longitude: -119.35), zones: [zone])
        }
        #expect(at(0) == p.rhythm)  // the centre: 500 m from the edge
        #expect(at(450) == p.near)  // inside, ~50 m from the edge
        #expect(at(560) == p.near)  // outside, ~60 m from it
        #expect(at(700) == p.rhythm)
        #expect(p.rhythm(at: nil, zones: [zone]) == p.rhythm)
        #expect(p.rhythm(at: Coordinate(latitude: 37.87, longitude: -119.35), zones: []) == p.rhythm)
    }
}

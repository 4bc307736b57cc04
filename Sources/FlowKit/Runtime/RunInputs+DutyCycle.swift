import GeoKit

extension RunInputs {
    /// `--duty-cycle`'s policy, read from its text (GeoKit's `DutyCyclePolicy(parsing:)`).
    /// - Parameters:
    ///   - text: the policy as written.
    ///   - party: the run's party file; a duty cycle samples a party's tracks.
    ///   - name: how a message names the value (`--duty-cycle`).
    /// - Throws: ``FlowError/badArgument(name:message:)`` naming the part at fault.
    static func dutyCycle(_ text: String, party: String?, name: String) throws(FlowError) -> DutyCyclePolicy {
        guard party != nil else {
            throw .badArgument(name: name, message: "samples a party's tracks as phones would: give the party with --party FILE")
        }
        do {
            return try DutyCyclePolicy(parsing: text)
        } catch {
            throw .badArgument(name: name, message: error.message)
        }
    }
}

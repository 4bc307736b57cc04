import Formats
/// Number rules the checks of the AR view share: finite values, lower bounds and open
/// ranges, each reported as "must be …, got 0" like a cluster's count.
extension ScreenCheck {
    /// Checks that `value` is finite: screen positions and label boxes.
    mutating func requireFinite(_ value: Double, at path: @autoclosure () -> String) {
        if !value.isFinite { report(path(), "must be a finite number, got \(NumberText.message(value))") }
    }

    /// Checks that `value` is finite and at least `bound` (`strictly`: more than `bound`).
    mutating func requireAtLeast(_ bound: Double, _ value: Double, strictly: Bool = false, at path: @autoclosure () -> String) {
        let fits = strictly ? value > bound : value >= bound
        if !(value.isFinite && fits) {
            report(path(), "must be \(strictly ? "more than" : "at least") \(NumberText.message(bound)), got \(NumberText.message(value))")
        }
    }

    /// Checks that an integer such as a stacking row or a drawing order is at least 0.
    mutating func requireNotNegative(_ value: Int, at path: @autoclosure () -> String) {
        if value < 0 { report(path(), "must be at least 0, got \(value)") }
    }

    /// Checks that `value` is finite, more than `lower` and less than (or, with
    /// `closedAbove`, at most) `upper`: "must be more than 0 and less than 180, got 180".
    mutating func requireBetween(_ lower: Double, _ upper: Double, closedAbove: Bool = false, _ value: Double, at path: @autoclosure () -> String) {
        let fits = value > lower && (closedAbove ? value <= upper : value < upper)
        if !(value.isFinite && fits) {
            let above = closedAbove ? "at most" : "less than"
            report(path(), "must be more than \(NumberText.message(lower)) and \(above) \(NumberText.message(upper)), got \(NumberText.message(value))")
        }
    }
}

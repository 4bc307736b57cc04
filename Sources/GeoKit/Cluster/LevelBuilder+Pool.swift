import Foundation

extension LevelBuilder {
    /// One spare builder kept between builds, so an app that rebuilds indexes reuses the
    /// builder's scratch memory (megabytes for 100k points) instead of mapping and faulting in
    /// fresh pages every time. Scratch beyond ``poolLimit`` bytes is not kept.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var spare: LevelBuilder?
    static let poolLimit = 64 << 20

    /// A builder for `options`: the spare one if there is one, else a new one.
    static func checkOut(options: ClusterOptions) -> LevelBuilder {
        lock.lock()
        let builder = spare
        spare = nil
        lock.unlock()
        guard let builder else { return LevelBuilder(options: options) }
        builder.options = options
        return builder
    }

    /// Returns a builder after a build; it becomes the spare unless its scratch is too large.
    static func checkIn(_ builder: LevelBuilder) {
        guard builder.scratchBytes <= poolLimit else { return }
        lock.lock()
        spare = builder
        lock.unlock()
    }
}

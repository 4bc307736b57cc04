extension ClusterIndex {
    /// Scratch memory for builds, for a caller that builds many indexes: builds given the same
    /// scratch reuse its memory (about 80 bytes per point, 8 MiB for 100k points) instead of
    /// mapping and faulting in fresh pages each time. A build without one uses its own, freed
    /// when it returns. The caller owns it; nothing else keeps it.
    ///
    /// One build at a time: it is not `Sendable`, so the compiler keeps it to one concurrency
    /// domain. After a build it keeps at most ``keptLimit`` bytes.
    ///
    /// ```swift
    /// let scratch = ClusterIndex.BuildScratch()
    /// for day in days { indexes[day] = try ClusterIndex(points: sites(day), scratch: scratch) }
    /// ```
    public final class BuildScratch {
        /// The most scratch memory kept after a build, in bytes (64 MiB, about 800k points).
        public static let keptLimit = 64 << 20

        /// The builder whose buffers are the scratch; `nil` until the first build.
        private var builder: LevelBuilder?
        /// The pool the indexes built with this scratch take their large arrays from, and give
        /// them back to when they go: a rebuild reuses the pages of the index it replaces.
        let pages = HugePageBlocks()

        public init() {}

        /// Bytes of scratch memory held.
        public var bytes: Int { builder?.scratchBytes ?? 0 }

        /// The builder for a build with `options`: the kept one if any, else a new one, kept.
        func builder(for options: ClusterOptions) -> LevelBuilder {
            guard let builder else {
                let fresh = LevelBuilder(options: options)
                builder = fresh
                return fresh
            }
            builder.options = options
            return builder
        }

        /// Drops the builder after a build if its memory exceeds ``keptLimit``.
        func trim() {
            if bytes > Self.keptLimit { builder = nil }
        }
    }
}

@available(*, unavailable, message: "a build scratch serves one build at a time")
extension ClusterIndex.BuildScratch: Sendable {}

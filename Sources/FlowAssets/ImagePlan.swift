public import ScreenModel

/// The pictures of a screen in the order they should load: what is on screen first, then
/// the rest of the screen, then what can wait, then the screens its actions lead to.
///
/// 1. ``Stage/onScreen``: `high` images and the first onboarding page's layers, back to front.
/// 2. ``Stage/screen``: `normal` images and later onboarding pages' layers.
/// 3. ``Stage/later``: `low` images.
/// 4. ``Stage/next``: the next screens' pictures (the targets of the screen's `go` actions,
///    in reading order), each screen's in the same order, fetched ahead of a tap.
///
/// Within a stage, pictures keep reading order (`Screen/images`). A picture named twice
/// loads once, where it first comes in this order.
public struct ImagePlan: Sendable {
    /// Why a picture loads when it does.
    public enum Stage: Int, Comparable, Sendable, CaseIterable {
        /// On screen at once.
        case onScreen
        /// On this screen, further down or on a later page.
        case screen
        /// On this screen, marked `low`.
        case later
        /// On a screen an action of this one leads to.
        case next

        public static func < (a: Stage, b: Stage) -> Bool { a.rawValue < b.rawValue }

        /// How the report names it.
        public var label: String {
            switch self {
            case .onScreen: "on screen"
            case .screen: "this screen"
            case .later: "low"
            case .next: "next screen"
            }
        }
    }

    /// One picture to load.
    public struct Item: Sendable, Hashable {
        /// Its place in the plan, from 1.
        public var rank: Int
        /// What the screen names (`AssetReference` form).
        public var reference: String
        /// The field that names it, on its screen.
        public var path: String
        /// The flow of the screen that names it.
        public var flow: String
        /// The colour shown until it loads.
        public var placeholder: String?
        /// Why it loads when it does.
        public var stage: Stage
    }

    /// The pictures, in the order they load.
    public let items: [Item]

    /// The plan for `screen`, with `next` prefetched after it.
    /// - Parameters:
    ///   - screen: the screen being shown.
    ///   - next: screens its actions lead to, in the order of their actions (default none).
    public init(screen: Screen, next: [Screen] = []) {
        var staged: [(Stage, Int, LocatedImage, String)] = []
        for (order, image) in screen.images.enumerated() {
            let stage: Stage =
                switch image.priority {
                case .high: .onScreen
                case .normal: .screen
                case .low: .later
                }
            staged.append((stage, order, image, screen.flow))
        }
        var order = staged.count
        for other in next {
            for image in other.images {
                staged.append((.next, order, image, other.flow))
                order += 1
            }
        }
        staged.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        var seen = Set<String>()
        var items: [Item] = []
        // A visitor's photo is on the phone already: nothing to load.
        for (stage, _, image, flow) in staged where !image.reference.hasPrefix(PhotoReference.scheme) && seen.insert(image.reference).inserted {
            items.append(
                Item(
                    rank: items.count + 1, reference: image.reference, path: image.path, flow: flow,
                    placeholder: image.placeholder, stage: stage))
        }
        self.items = items
    }
}

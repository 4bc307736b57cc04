import Formats
extension Component {
    /// A map of sites: `{"type": "map", "camera": {…}, "bbox": [west, south, east, north],
    /// "size": {"width": 390, "height": 844}, "annotations": [cluster or pin, …],
    /// "boundary": [[[lon, lat], …], …]}`. Coordinates are `[longitude, latitude]`.
    public struct Map: Hashable, Sendable {
        /// A closed line of at least 4 positions whose first equals its last.
        public typealias Ring = [Component.Coordinate]

        /// The map's identifier (default `nil`).
        public var id: String?
        /// Where the map looks.
        public var camera: Camera
        /// The area the screen shows.
        public var bbox: BoundingBox
        /// The screen the map was laid out for.
        public var size: Size
        /// Clusters and pins, in drawing order (the flow lists clusters largest first); may be empty.
        public var annotations: [Annotation]
        /// The park's outline as rings, already simplified for drawing (default `[]`,
        /// omitted from JSON when empty).
        public var boundary: [Ring]
        /// The regions the phone watches (geofences: sites' circles, a flow's own areas), drawn
        /// under the annotations (default `[]`, omitted when empty); ids unique within the map.
        public var regions: [Component.Timeline.Region]
        /// Where the visitor is, with its accuracy (default `nil`: unknown, omitted).
        public var visitor: Visitor?

        /// Creates a map.
        /// - Parameters:
        ///   - camera: where it looks.
        ///   - bbox: the area shown.
        ///   - size: the screen in points.
        ///   - annotations: clusters and pins (default `[]`).
        ///   - boundary: the park's outline (default `[]`).
        ///   - regions: the watched regions (default `[]`).
        ///   - visitor: where the visitor is (default `nil`).
        ///   - id: an identifier (default `nil`).
        public init(
            camera: Camera, bbox: BoundingBox, size: Size, annotations: [Annotation] = [],
            boundary: [Ring] = [], regions: [Component.Timeline.Region] = [], visitor: Visitor? = nil, id: String? = nil
        ) {
            self.id = id
            self.camera = camera
            self.bbox = bbox
            self.size = size
            self.annotations = annotations
            self.boundary = boundary
            self.regions = regions
            self.visitor = visitor
        }
    }
}

extension Component.Map: Codable, ComponentPayload {
    static let type = "map"
    var component: Component { .map(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .map(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, camera, bbox, size, annotations, boundary, regions, visitor
    }

    /// Decodes the map's fields from any Decoder; `annotations`, `boundary` and each
    /// ring may be empty keyed containers.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "map")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        camera = try c.decode(Camera.self, forKey: .camera)
        bbox = try c.decode(BoundingBox.self, forKey: .bbox)
        size = try c.decode(Size.self, forKey: .size)
        annotations = try c.decodeList(Annotation.self, forKey: .annotations)
        boundary = try c.decodeListIfPresent(NestedList<Component.Coordinate>.self, forKey: .boundary).map(\.elements)
        regions = try c.decodeListIfPresent(Component.Timeline.Region.self, forKey: .regions)
        visitor = try c.decodeIfPresent(Visitor.self, forKey: .visitor)
    }

    /// Encodes the map's fields, omitting a nil id and an empty boundary.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(camera, forKey: .camera)
        try c.encode(bbox, forKey: .bbox)
        try c.encode(size, forKey: .size)
        try c.encode(annotations, forKey: .annotations)
        try c.encodeUnlessEmpty(boundary, forKey: .boundary)
        try c.encodeUnlessEmpty(regions, forKey: .regions)
        try c.encodeIfPresent(visitor, forKey: .visitor)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        camera.validate(at: "\(path()).camera", into: &check)
        bbox.validate(at: "\(path()).bbox", into: &check)
        size.validate(at: "\(path()).size", into: &check)
        var firstUse: [String: Int] = [:]
        for (index, annotation) in annotations.enumerated() {
            let annotationPath = "\(path()).annotations[\(index + 1)]"
            if annotation.id.allSatisfy(\.isWhitespace) {
                check.report("\(annotationPath).id", "must not be empty")
            } else if let first = firstUse[annotation.id] {
                check.report("\(annotationPath).id", "annotation id \(Excerpt.quoted(annotation.id)) is already used by \(path()).annotations[\(first + 1)]")
            } else {
                firstUse[annotation.id] = index
            }
            annotation.validate(at: annotationPath, into: &check)
        }
        for (index, ring) in boundary.enumerated() {
            ring.validateRing(at: "\(path()).boundary[\(index + 1)]", into: &check)
        }
        var regionIDs: [String: Int] = [:]
        for (index, region) in regions.enumerated() {
            let regionPath = "\(path()).regions[\(index + 1)]"
            if let first = regionIDs[region.id] {
                check.report("\(regionPath).id", "region id \(Excerpt.quoted(region.id)) is already used by \(path()).regions[\(first + 1)]")
            } else {
                regionIDs[region.id] = index
            }
            region.validate(at: regionPath, into: &check)
        }
        visitor?.validate(at: "\(path()).visitor", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        annotations.forEachAction(at: "\(path()).annotations", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let mapComponent = SchemaDefinition.component(
        "map",
        [
            .optional("id", .string()),
            .required("camera", .reference("camera")),
            .required("bbox", .reference("bbox")),
            .required("size", .reference("size")),
            .required("annotations", .array(of: .reference("annotation"), "Clusters (largest first) and pins; ids unique within the map.")),
            .optional("boundary", .array(of: .reference("ring"), "The park's outline, simplified for drawing.")),
            .optional(
                "regions",
                .array(of: .reference("timelineRegion"), "The regions the phone watches (geofences), drawn under the annotations; ids unique.")),
            .optional("visitor", .reference("mapVisitor")),
        ], "A map of sites. Coordinates are [longitude, latitude] (GeoJSON order).")
}

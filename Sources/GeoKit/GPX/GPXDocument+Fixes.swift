extension GPXDocument {
    /// All track points in file order: the segments of every track, concatenated.
    /// ``segmentStarts`` says where each segment begins.
    public var fixes: [TrackPoint] {
        var points: [TrackPoint] = []
        points.reserveCapacity(tracks.reduce(0) { $0 + $1.pointCount })
        for track in tracks {
            for segment in track.segments {
                points.append(contentsOf: segment)
            }
        }
        return points
    }

    /// The index in ``fixes`` where each segment of each track begins, one entry per
    /// segment in file order. An empty segment begins where the next one does.
    public var segmentStarts: [Int] {
        var starts: [Int] = []
        var count = 0
        for track in tracks {
            for segment in track.segments {
                starts.append(count)
                count += segment.count
            }
        }
        return starts
    }

    /// The track points as a replay needs them: every one has a time, and times never go back.
    ///
    /// Equal times one after another are allowed (some devices log twice a second but
    /// round to whole seconds). Routes and waypoints are not part of a replay.
    /// - Returns: One ``TimedFix`` per track point, in file order.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidContent``, naming the file and line:
    ///   `tracks/a.gpx: line 812: track point has no <time>; a replay needs times`,
    ///   `tracks/a.gpx: line 812: time 2019-07-29T17:03:10Z is before 2019-07-29T17:03:12Z at line 811;
    ///   a replay needs times in order`, or
    ///   `tracks/a.gpx: no <trk> in the file (it has 1 route); a replay needs a track`.
    public func timedFixes() throws(GeoError) -> [TimedFix] {
        guard !tracks.isEmpty else {
            var others: [String] = []
            if !routes.isEmpty { others.append(counted(routes.count, "route")) }
            if !waypoints.isEmpty { others.append(counted(waypoints.count, "waypoint")) }
            let has = others.isEmpty ? "" : " (it has \(others.joined(separator: " and ")))"
            throw replayError("no <trk> in the file\(has); a replay needs a track", line: nil)
        }
        var result: [TimedFix] = []
        result.reserveCapacity(tracks.reduce(0) { $0 + $1.pointCount })
        var segmentNumber = 0
        for track in tracks {
            for segment in track.segments {
                for point in segment {
                    let place = point.line > 0 ? "line \(point.line)" : "fix \(result.count)"
                    guard let time = point.time else {
                        throw replayError("\(place): track point has no <time>; a replay needs times", line: point.line)
                    }
                    if let previous = result.last, time < previous.time {
                        let before = previous.line > 0 ? "line \(previous.line)" : "fix \(result.count - 1)"
                        throw replayError(
                            "\(place): time \(ISO8601Time.format(time)) is before \(ISO8601Time.format(previous.time)) "
                                + "at \(before); a replay needs times in order",
                            line: point.line)
                    }
                    result.append(
                        TimedFix(
                            coordinate: point.coordinate, time: time, elevation: point.elevation,
                            line: point.line, segment: segmentNumber))
                }
                segmentNumber += 1
            }
        }
        guard !result.isEmpty else {
            throw replayError("the tracks have no <trkpt>; a replay needs at least one", line: nil)
        }
        return result
    }

    // MARK: - Private

    private func replayError(_ message: String, line: Int?) -> GeoError {
        var error = GeoError(.invalidContent, message)
        error.line = line.flatMap { $0 > 0 ? $0 : nil }
        return displayPath.map { error.inFile($0) } ?? error
    }
}

// MARK: - Pure helpers

private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

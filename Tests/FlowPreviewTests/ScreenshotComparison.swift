import Foundation
import Testing
import WebDriver

/// Compares a screenshot with its reference PNG. The browser that took it decodes both:
/// Foundation on Linux has no PNG decoder (and no zlib to write one on), and chromium
/// decodes PNGs exactly, so the two images are drawn on canvases and their pixels compared
/// in the page. A pixel differs when a channel differs by more than `tolerance` of 255.
struct ScreenshotComparison: Sendable {
    var width: Int
    var height: Int
    /// How many pixels differ by more than the tolerance; -1 when the sizes differ.
    var differing: Int
    /// The reference's size when it differs from the screenshot's.
    var referenceSize: (width: Int, height: Int)?
    /// A PNG marking the differing pixels in red over a faded screenshot; nil when none differ.
    var diff: [UInt8]?

    /// The share of pixels that differ (1 when the sizes differ).
    var differingShare: Double {
        differing < 0 || width * height == 0 ? 1 : Double(differing) / Double(width * height)
    }

    static func compare(_ screenshot: [UInt8], with reference: [UInt8], tolerance: Int, in session: WebDriverSession) async throws -> ScreenshotComparison {
        let value = try await session.executeScript(
            script,
            [
                .string(Data(screenshot).base64EncodedString()),
                .string(Data(reference).base64EncodedString()), .number(Double(tolerance)),
            ])
        if let error = value["error"]?.stringValue { throw ComparisonFailed(reason: error) }
        let diff = value["diff"]?.stringValue.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
        var comparison = ScreenshotComparison(
            width: Int(value["width"]?.numberValue ?? 0), height: Int(value["height"]?.numberValue ?? 0),
            differing: Int(value["differing"]?.numberValue ?? -1), diff: diff)
        if let width = value["referenceWidth"]?.numberValue, let height = value["referenceHeight"]?.numberValue {
            comparison.referenceSize = (Int(width), Int(height))
        }
        return comparison
    }

    struct ComparisonFailed: Error, CustomStringConvertible {
        var reason: String
        var description: String { "cannot compare the screenshots: \(reason)" }
    }

    /// Decodes both PNGs, compares them pixel by pixel, and draws the differences.
    private static let script = """
        const [actual, reference, tolerance] = arguments;
        const decode = (base64) => new Promise((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = () => reject(new Error("not a PNG"));
          image.src = "data:image/png;base64," + base64;
        });
        const pixels = (image) => {
          const canvas = document.createElement("canvas");
          [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
          const context = canvas.getContext("2d", { willReadFrequently: true });
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, canvas.width, canvas.height);
        };
        return Promise.all([decode(actual), decode(reference)]).then(([a, b]) => {
          const width = a.naturalWidth, height = a.naturalHeight;
          if (width !== b.naturalWidth || height !== b.naturalHeight) {
            return { width, height, differing: -1, referenceWidth: b.naturalWidth, referenceHeight: b.naturalHeight };
          }
          const p = pixels(a), q = pixels(b);
          const canvas = document.createElement("canvas");
          [canvas.width, canvas.height] = [width, height];
          const context = canvas.getContext("2d");
          const marked = context.createImageData(width, height);
          let differing = 0;
          for (let i = 0; i < p.data.length; i += 4) {
            let most = 0;
            for (let c = 0; c < 4; c++) most = Math.max(most, Math.abs(p.data[i + c] - q.data[i + c]));
            const differs = most > tolerance;
            if (differs) differing++;
            marked.data[i] = differs ? 255 : p.data[i];
            marked.data[i + 1] = differs ? 0 : p.data[i + 1];
            marked.data[i + 2] = differs ? 0 : p.data[i + 2];
            marked.data[i + 3] = differs ? 255 : 60;
          }
          if (differing === 0) return { width, height, differing };
          context.putImageData(marked, 0, 0);
          return { width, height, differing, diff: canvas.toDataURL("image/png").split(",")[1] };
        }).catch((error) => ({ error: String(error) }));
        """
}

import Foundation

/// Straightening a page whose lines slope (a receipt photographed at a slant): tesseract reads
/// lines, and a slope of a few degrees runs one printed line into the next.
extension GrayImage {
    /// Ink: darker than this on a page whose paper was evened out to white.
    static let inkLevel: UInt8 = 128

    /// The slope of the text lines in degrees, positive when they fall to the right (the page is
    /// turned clockwise), within ±`maximum`: the slope at which the ink, projected along it, piles
    /// up in the fewest rows. 0 for a page with too little ink to say.
    func skew(maximum: Double = 10, step: Double = 0.25) -> Double {
        // Every `every`-th pixel of every `every`-th row is plenty to find a slope.
        let every = max(1, max(width, height) / 800)
        var ink: [(x: Double, y: Double)] = []
        for y in stride(from: 0, to: height, by: every) {
            for x in stride(from: 0, to: width, by: every) where pixels[y * width + x] < Self.inkLevel {
                ink.append((Double(x), Double(y)))
            }
        }
        guard ink.count >= 200 else { return 0 }
        let offset = Double(width) * tan(maximum * .pi / 180)
        let rows = (height + 2 * Int(offset)) / every + 2
        func sharpness(_ degrees: Double) -> Double {
            let slope = tan(degrees * .pi / 180)
            var counts = [Int](repeating: 0, count: rows)
            for point in ink {
                let row = Int((point.y - point.x * slope + offset) / Double(every))
                if counts.indices.contains(row) { counts[row] += 1 }
            }
            return counts.reduce(0) { $0 + Double($1 * $1) }
        }
        let steps = Int(maximum / step)
        let scored = (-steps...steps).map { (degrees: Double($0) * step, sharpness: sharpness(Double($0) * step)) }
        return scored.max { $0.sharpness < $1.sharpness }?.degrees ?? 0
    }

    /// The picture turned by `degrees` about its centre (positive: clockwise), on a canvas large
    /// enough to keep every pixel, white where the turned picture does not reach. Bilinear.
    func rotated(degrees: Double) -> GrayImage {
        let angle = degrees * .pi / 180
        let (cosine, sine) = (cos(angle), sin(angle))
        let newWidth = Int((Double(width) * abs(cosine) + Double(height) * abs(sine)).rounded(.up))
        let newHeight = Int((Double(height) * abs(cosine) + Double(width) * abs(sine)).rounded(.up))
        let (centreX, centreY) = (Double(width - 1) / 2, Double(height - 1) / 2)
        let (newCentreX, newCentreY) = (Double(newWidth - 1) / 2, Double(newHeight - 1) / 2)
        var turned = [UInt8](repeating: 255, count: newWidth * newHeight)
        for y in 0..<newHeight {
            let dy = Double(y) - newCentreY
            for x in 0..<newWidth {
                let dx = Double(x) - newCentreX
                // Where this pixel comes from: the turn undone.
                let sourceX = cosine * dx + sine * dy + centreX
                let sourceY = -sine * dx + cosine * dy + centreY
                guard sourceX >= 0, sourceY >= 0, sourceX <= Double(width - 1), sourceY <= Double(height - 1) else { continue }
                let (left, top) = (Int(sourceX), Int(sourceY))
                let (right, bottom) = (Swift.min(left + 1, width - 1), Swift.min(top + 1, height - 1))
                let (fx, fy) = (sourceX - Double(left), sourceY - Double(top))
                let upper = Double(pixels[top * width + left]) * (1 - fx) + Double(pixels[top * width + right]) * fx
                let lower = Double(pixels[bottom * width + left]) * (1 - fx) + Double(pixels[bottom * width + right]) * fx
                turned[y * newWidth + x] = UInt8((upper * (1 - fy) + lower * fy).rounded())
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: turned)
    }

    /// Slopes tesseract follows by itself; turning the page for them only softens its letters (on
    /// the fixtures, a 1° turn cost two shop names).
    static let toleratedSkew = 2.0

    /// The page with its lines level, or as it is when they slope less than ``toleratedSkew``.
    func straightened() -> GrayImage {
        let slope = skew()
        return abs(slope) >= Self.toleratedSkew ? rotated(degrees: -slope) : self
    }
}

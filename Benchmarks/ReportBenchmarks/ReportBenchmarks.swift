import Benchmark
import Foundation
import HearthCore
import HearthReports

/// The inventory PDF: 1,000 items with a photo each (thumbnails beside the items, the photos in
/// the appendix) and 20,000 items without photos. Goals: < 10 s and < 300 MB resident for the
/// first, < 20 s for the second. Pages per second are printed on stderr.
let benchmarks: @Sendable () -> Void = {
    let photos = PhotoPool()
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(120), maxIterations: 5,
                                                setup: { try photos.make() }, teardown: { photos.remove() })
    Benchmark("Inventory PDF, 1,000 items with a photo each", configuration: configuration) { _ in
        try render(ReportData.report(items: 1_000, photos: photos))
    }
    Benchmark("Inventory PDF, 20,000 items without photos", configuration: configuration) { _ in
        try render(ReportData.report(items: 20_000, photos: nil))
    }
}

/// Writes the report to a temporary file, says how fast on stderr, and removes it.
func render(_ report: InventoryReport) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).pdf").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let started = ContinuousClock.now
    let pages = try report.writePDF(to: path)
    let elapsed = started.duration(to: .now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    FileHandle.standardError.write(Data(String(format: "%d pages in %.2f s: %.0f pages/s, %.1f MB\n", pages, seconds, Double(pages) / seconds,
                                               Double(size) / 1_048_576).utf8))
}

/// Ten thumbnails (320 px) and ten photos (1280 px) made with scripts/make-photo.sh, used in turn.
final class PhotoPool: @unchecked Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-report-bench-\(UUID().uuidString)")
    private(set) var thumbnails: [URL] = []
    private(set) var mediums: [URL] = []

    func make() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for seed in 1...10 {
            for (size, width, height) in [("thumb", 320, 240), ("medium", 1280, 960)] {
                let url = folder.appendingPathComponent("\(size)-\(seed).jpg")
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "scripts/make-photo.sh")
                process.arguments = [url.path, String(seed), String(width), String(height)]
                try process.run()
                process.waitUntilExit()
                guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
                if size == "thumb" { thumbnails.append(url) } else { mediums.append(url) }
            }
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

enum ReportData {
    static let rooms = ["Living room", "Kitchen", "Dining room", "Bedroom", "Bathroom", "Office", "Kids' room", "Hallway", "Garage",
                        "Basement", "Attic", "Garden"]
    static let things = ["Television", "Sofa", "Armchair", "Laptop", "Camera", "Coffee machine", "Bicycle", "Guitar", "Watch", "Painting"]

    /// A household's report of `items` items spread over twelve rooms; with `photos`, each item has one.
    static func report(items: Int, photos: PhotoPool?) -> InventoryReport {
        let now = Date()
        var sections = rooms.map { InventoryReport.Section(name: $0, entries: []) }
        for index in 0..<items {
            let item = InventoryItem(
                id: UUID(), householdId: UUID(), name: "\(things[index % things.count]) \(index)", roomId: UUID(), categoryId: UUID(),
                brand: "Brand \(index % 40)", model: "M-\(index)", serialNumber: index % 3 == 0 ? "SN-\(index)" : nil,
                purchaseDate: CalendarDate(year: 2015 + index % 10, month: 1 + index % 12, day: 1 + index % 28), purchasePlace: "Shop",
                purchasePrice: Money(amount: 1_000 + index * 37 % 250_000, currency: "USD"), condition: .good,
                photoCount: photos == nil ? 0 : 1, createdAt: now, updatedAt: now)
            let pictures = photos.map { [InventoryReport.Picture(file: $0.mediums[index % 10], caption: "\(item.name): photo 1 of 1")] } ?? []
            sections[index % rooms.count].entries.append(.init(item: item, categoryName: "Electronics", thumbnail: photos?.thumbnails[index % 10],
                                                               pictures: pictures))
        }
        return InventoryReport(householdName: "Bench household", dateText: "24 Nov 2026", sections: sections,
                               categories: [(name: "Electronics", entries: sections.flatMap(\.entries))], withPhotos: photos != nil)
    }
}

import Foundation
import HearthCore
import HearthMedia
import Testing
@testable import HearthReports

/// The inventory PDF, read back with poppler's tools: its text, its pages and its embedded JPEGs.
@Suite struct InventoryReportTests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HearthMediaTests/Fixtures/rotated-gps.jpg")

    static func entry(_ name: String, brand: String? = nil, price: Int? = nil, photo: Bool = false) -> InventoryReport.Entry {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let item = InventoryItem(id: UUID(), householdId: UUID(), name: name, roomId: UUID(), quantity: 1, brand: brand, serialNumber: "SN-\(name.count)",
                                 purchasePrice: price.map { Money(amount: $0 * 100, currency: "USD") }, photoCount: photo ? 1 : 0,
                                 createdAt: now, updatedAt: now)
        return .init(item: item, categoryName: "Electronics", thumbnail: photo ? Self.photo : nil,
                     pictures: photo ? [.init(file: Self.photo, caption: "\(name): photo 1 of 1")] : [])
    }

    static func poppler(_ tool: String, _ arguments: [String]) throws -> String {
        try ChildProcess.output("/usr/bin/\(tool)", arguments)
    }

    @Test func thePDFHasEveryItemInAnyScriptPageNumbersAndTheJPEGsAsTheyAre() throws {
        let living = (0..<14).map { Self.entry("Chair \($0)", price: 50) } + [Self.entry("Television", brand: "Samsung", price: 899, photo: true)]
        let report = InventoryReport(
            householdName: "The Lovelace home", dateText: "24 November 2026",
            sections: [.init(name: "Living room", entries: living), .init(name: "Kitchen", entries: [Self.entry("炊飯器 (rice cooker)", price: 120), Self.entry("مكواة", price: 30)])],
            categories: [.init(name: "Electronics", color: "#007AFF", entries: living)], withPhotos: true
        )
        let path = ProcessInfo.processInfo.environment["HEARTH_REPORT_KEEP"] ?? FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).pdf").path
        defer { if ProcessInfo.processInfo.environment["HEARTH_REPORT_KEEP"] == nil { try? FileManager.default.removeItem(atPath: path) } }
        var progress: [Double] = []
        let pages = try report.writePDF(to: path) { progress.append($0) }
        // Cover, summary, two pages of the living room, the kitchen, one picture page.
        #expect(pages == 6 && progress.last == 1)
        let info = try Self.poppler("pdfinfo", [path]).split(separator: "\n").first { $0.hasPrefix("Pages:") }
        #expect(info?.split(separator: " ").last == "6")
        let text = try Self.poppler("pdftotext", ["-layout", path, "-"])
        for expected in ["Home inventory", "The Lovelace home", "Page 1 of 6", "Page 6 of 6", "24 November 2026", "Chair 13", "Samsung",
                         "炊飯器", "مكو", "Summary by room", "Television: photo 1 of 1", "$899.00", "Missing: photo, category"] {
            #expect(text.contains(expected), "the PDF lacks “\(expected)”")
        }
        // The photo is embedded as the JPEG it is (DCT), not re-encoded pixels; twice (thumbnail and appendix).
        let images = try Self.poppler("pdfimages", ["-list", path]).split(separator: "\n").dropFirst(2)
        #expect(images.count == 2 && images.allSatisfy { $0.contains(" jpeg ") })
    }

    @Test func withTheHouseholdsSettingThingsNotSeenInAYearScoreNothing() {
        // Added 2026-09-21 (1,790,000,000 s); the television checked since, the chairs not.
        var television = Self.entry("Television", price: 899, photo: true)
        television.item.verifiedOn = CalendarDate(iso: "2027-10-01")
        let entries = [television, Self.entry("Chair", price: 50), Self.entry("Stool", price: 20)]
        var report = InventoryReport(householdName: "Home", dateText: "1 October 2027", sections: [.init(name: "Living room", entries: entries)],
                                     categories: [], withPhotos: false)
        let scores = entries.map(\.item.documentation.score)
        #expect(report.score(entries) == scores.reduce(0, +) / 3)
        report.unseenScoreZeroBefore = CalendarDate(iso: "2026-10-01")
        #expect(report.score(entries) == scores[0] / 3, "the chairs were last seen when added, over a year before")
    }
}

import Foundation
import Testing
@testable import HearthReports

@Suite struct LabelSheetTests {
    @Test(arguments: LabelLayout.allCases)
    func everyLabelLiesOnItsPage(layout: LabelLayout) {
        let geometry = layout.geometry
        for index in 0..<geometry.perPage {
            let corner = geometry.corner(index)
            #expect(corner.x >= 0 && corner.y >= 0)
            #expect(corner.x + geometry.label.width <= geometry.page.width + 0.01 && corner.y + geometry.label.height <= geometry.page.height + 0.01)
        }
    }

    @Test func theStocksAreTheirRealSizes() {
        let mm = 72 / 25.4
        #expect(LabelLayout.averyL7160.perPage == 21 && abs(LabelLayout.averyL7160.geometry.page.width - 210 * mm) < 0.01)
        #expect(LabelLayout.avery5160.perPage == 30 && LabelLayout.avery5160.geometry.page == (612, 792))
        // The last row of the Avery sheets ends where the sheet's bottom margin starts.
        #expect(abs(LabelLayout.averyL7160.geometry.corner(20).y + 38.1 * mm - (297 - 15.15) * mm) < 0.01)
        #expect(LabelLayout.avery5160.geometry.corner(29).y + 72 == 792 - 36)
        #expect(LabelLayout.roll62.perPage == 1)
    }

    @Test func aSheetIsWrittenAsAPDF() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labels-\(UUID().uuidString).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let labels = (1...25).map { ItemLabel(name: "Box \($0) — 箱", assetId: String(format: "000-%03d", $0), address: "https://h.example/inventory/items/\($0)",
                                               contents: $0 == 1 ? "3 things · $129.99" : nil) }
        try LabelSheet.write(labels, layout: .averyL7160, start: 5, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.starts(with: Data("%PDF-".utf8)) && data.count > 2_000)
    }
}

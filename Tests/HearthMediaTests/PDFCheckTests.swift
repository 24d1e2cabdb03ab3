import Foundation
import Testing
@testable import HearthMedia

/// Hostile PDFs: one whose first page never finishes drawing, thousands of pages, a page too large,
/// a broken structure. Each is counted or refused without the server's own process paying for it.
@Suite struct PDFCheckTests {
    let processor = ImageProcessor()

    @Test func aPageThatNeverFinishesDrawingIsStoppedAtTheTimeCap() throws {
        // Nine levels of a form drawing the next one ten times: a billion rectangles in 2 KB.
        let bomb = try Fixture.temporaryFile(HostilePDF.nestedForms(levels: 9, fanOut: 10), suffix: ".pdf")
        defer { try? FileManager.default.removeItem(atPath: bomb) }
        #expect(throws: MediaError.tooComplex) { try PDFCheck(timeLimit: 1).pages(of: bomb) }
        // The same shape, small, is an ordinary page.
        let small = try Fixture.temporaryFile(HostilePDF.nestedForms(levels: 3, fanOut: 10), suffix: ".pdf")
        defer { try? FileManager.default.removeItem(atPath: small) }
        #expect(try PDFCheck().pages(of: small) == 1)
    }

    @Test func thousandsOfPagesAreCountedAndOnlyTheFirstIsDrawn() async throws {
        let manual = try Fixture.temporaryFile(HostilePDF.pages(5000), suffix: ".pdf")
        defer { try? FileManager.default.removeItem(atPath: manual) }
        let info = try await processor.inspect(path: manual)
        #expect(info.kind == .pdf && info.pages == 5000 && info.width == 1275)
        #expect(try await processor.jpeg(from: manual, maxSide: 320).starts(with: [0xFF, 0xD8]))
    }

    @Test func aPageTooLargeToDrawIsRefusedForItsPixels() async throws {
        let poster = try Fixture.temporaryFile(HostilePDF.pages(1, width: 14_400, height: 14_400), suffix: ".pdf")
        defer { try? FileManager.default.removeItem(atPath: poster) }
        await #expect(throws: MediaError.tooManyPixels(900_000_000)) { try await processor.inspect(path: poster) }
    }

    @Test func aBrokenStructureIsUnreadable() async throws {
        let broken = try Fixture.temporaryFile(Data("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n".utf8), suffix: ".pdf")
        defer { try? FileManager.default.removeItem(atPath: broken) }
        await #expect { try await processor.inspect(path: broken) } throws: { error in
            if case MediaError.unreadable = error { true } else { false }
        }
    }
}

/// Small PDFs written by hand, for the shapes above.
enum HostilePDF {
    /// `count` pages sharing one content stream.
    static func pages(_ count: Int, width: Int = 612, height: Int = 792) -> Data {
        let kids = (0..<count).map { "\($0 + 4) 0 R" }.joined(separator: " ")
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [\(kids)] /Count \(count) >>",
                       stream("BT /F1 24 Tf 72 700 Td (Page) Tj ET", dictionary: "")]
        for _ in 0..<count {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] /Contents 3 0 R >>")
        }
        return document(objects)
    }

    /// A page drawing a form that draws the next `fanOut` times, `levels` deep: fanOut^(levels-1) rectangles.
    static func nestedForms(levels: Int, fanOut: Int) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /X 5 0 R >> >> /Contents 4 0 R >>",
                       stream("/X Do", dictionary: "")]
        for level in 0..<levels {
            let last = level == levels - 1
            let resources = last ? "" : "/Resources << /XObject << /X \(level + 6) 0 R >> >>"
            objects.append(stream(last ? "0 0 1 1 re f" : Array(repeating: "/X Do", count: fanOut).joined(separator: "\n"),
                                  dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 612 792] \(resources)"))
        }
        return document(objects)
    }

    private static func stream(_ content: String, dictionary: String) -> String {
        "<< \(dictionary) /Length \(content.utf8.count + 1) >>\nstream\n\(content)\n\nendstream"
    }

    private static func document(_ objects: [String]) -> Data {
        var text = "%PDF-1.4\n", offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let start = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        text += offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n"
        return Data(text.utf8)
    }
}

import Foundation
import Testing
@testable import HearthReports

/// Uploaded spreadsheets decoded by what their bytes are, and a guess said out loud.
@Suite struct CSVTextTests {
    static let utf8 = Data("Name,Brand\r\nCafé,Müller\r\n".utf8)

    @Test func utf8WithOrWithoutAByteOrderMarkIsReadAsUTF8() throws {
        for data in [Self.utf8, Data([0xEF, 0xBB, 0xBF]) + Self.utf8] {
            let file = try CSVText(decoding: data)
            #expect(file.text == "Name,Brand\r\nCafé,Müller\r\n" && file.encoding == .utf8 && file.notice == nil)
        }
    }

    @Test func utf16WithAByteOrderMarkIsReadInItsByteOrder() throws {
        let text = "Name\r\nTōkyō 東京 🏠\r\n"
        let little = try CSVText(decoding: Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!)
        let big = try CSVText(decoding: Data([0xFE, 0xFF]) + text.data(using: .utf16BigEndian)!)
        #expect(little.text == text && little.encoding == .utf16LittleEndian && little.notice == nil)
        #expect(big.text == text && big.encoding == .utf16BigEndian)
    }

    @Test func oneByteThatIsNotUTF8MakesTheWholeFileWindows1252AndSaysWhere() throws {
        // "Café" in UTF-8 on line 2, then "Crème" and "€5" as Windows-1252 writes them on line 3.
        let data = Data("Name,Notes\r\nCafé,ok\r\n".utf8) + Data([0x43, 0x72, 0xE8, 0x6D, 0x65, 0x2C, 0x80, 0x35, 0x0D, 0x0A])
        let file = try CSVText(decoding: data)
        #expect(file.encoding == .windows1252 && file.text == "Name,Notes\r\nCafÃ©,ok\r\nCrème,€5\r\n")
        #expect(file.notice?.hasPrefix("This file is not UTF-8 (line 3 has a byte that is not), so it was read as Windows-1252") == true)
    }

    @Test func aFileWithNULBytesIsNotText() {
        #expect(throws: CSVTable.Unreadable(reason: "it is not text")) { try CSVText(decoding: Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x0A])) }
        #expect(throws: CSVTable.Unreadable(reason: "it is not text")) { try CSVText(decoding: Data([0xFF, 0xFE, 0x41])) }
    }
}

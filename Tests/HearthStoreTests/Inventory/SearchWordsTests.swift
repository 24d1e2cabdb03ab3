import Foundation
import Testing
@testable import HearthStore

/// Search words are cut alike however they are cut: the byte-by-byte cut of ASCII text gives what
/// cutting its Characters gives, for every ASCII character, and text beyond ASCII loses its accents.
@Suite struct SearchWordsTests {
    @Test func asciiTextIsCutAsItsCharactersWouldBe() {
        var generator = SystemRandomNumberGenerator()
        func ascii(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        let samples = ["R-1 Vélo", "Bosch SMS6ZCI49E", "a\r\nb\tc_d.e", ascii(Array(0..<128))]
            + (0..<500).map { _ in ascii((0..<40).map { _ in UInt8.random(in: 0..<128, using: &generator) }) }
        for text in samples where text.utf8.allSatisfy({ $0 < 0x80 }) {
            let byCharacter = text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
            #expect(ItemQuery.words(of: text) == byCharacter, "\(text.debugDescription)")
        }
        #expect(ItemQuery.words(of: "Vélo R-1 CAFÉ") == ["velo", "r", "1", "cafe"])
    }
}

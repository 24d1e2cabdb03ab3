import Foundation
import Testing
import HearthCore

@Suite struct UUIDTextTests {
    @Test func writesWhatFoundationWrites() {
        #expect(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).text == "00000000-0000-0000-0000-000000000000")
        #expect(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!.text == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        for _ in 0..<1000 {
            let id = UUID()
            #expect(id.text == id.uuidString)
        }
    }

    @Test func readsWhatFoundationReadsInEitherCaseWithOrWithoutDashes() {
        for _ in 0..<1000 {
            let id = UUID()
            #expect(UUID(parsing: id.uuidString) == id)
            #expect(UUID(parsing: id.uuidString.lowercased()) == id)
            #expect(UUID(parsing: id.uuidString.replacingOccurrences(of: "-", with: "")) == id)
        }
    }

    @Test(arguments: ["", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF", "E621E1F8C36C-495A-93FC-0C247A3E6E5F0",
                      "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC+0C247A3E6E5F", "E621E1F8C36C495A93FC0C247A3E6E5", " E621E1F8-C36C-495A-93FC-0C247A3E6E5"])
    func refusesAnythingElse(text: String) {
        #expect(UUID(parsing: text) == nil)
    }

    @Test func canonicalTextIsOnlyWhatTextWrites() {
        func canonical(_ text: String) -> UUID? {
            var text = text
            return text.withUTF8 { UUID(canonical: $0) }
        }
        for _ in 0..<1000 {
            let id = UUID()
            #expect(canonical(id.text) == id)
            #expect(canonical(id.text.lowercased()) == nil)
            #expect(canonical(id.text.replacingOccurrences(of: "-", with: "")) == nil)
        }
        #expect(canonical("E621E1F8-C36C-495A-93FC-0C247A3E6E5f") == nil)
        #expect(canonical("E621E1F8-C36C-495A-93FC-0C247A3E6E5G") == nil)
        #expect(canonical("E621E1F8-C36C-495A-93FC-0C247A3E6E5") == nil)
    }

    @Test func takesEveryHexadecimalDigitAndNoOtherCharacter() {
        let hexadecimal = Set("0123456789abcdefABCDEF".unicodeScalars)
        for value in 0..<128 {
            let character = Unicode.Scalar(UInt8(value))
            let text = "E621E1F8-C36C-495A-93FC-0C247A3E6E5" + String(Character(character))
            #expect((UUID(parsing: text) != nil) == hexadecimal.contains(character), "\(value)")
        }
    }
}

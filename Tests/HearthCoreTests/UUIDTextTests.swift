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
}

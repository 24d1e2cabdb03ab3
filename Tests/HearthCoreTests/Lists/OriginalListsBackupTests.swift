import Foundation
import Testing
@testable import HearthCore

/// The original shopping-list app's Gist backup read into Hearth's lists.
@Suite struct OriginalListsBackupTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func itemsOfAListTheBackupNoLongerNamesComeOverInAListOfTheirOwn() throws {
        let list = UUID()
        let json = """
            {"lists":[{"id":"\(list.uuidString)","name":"Weekly","createdAt":"2025-03-01T08:00:00Z"}],
             "items":{"\(list.uuidString.lowercased())":[{"id":"\(UUID().uuidString)","name":"Milk","purchased":true}],
                      "\(UUID().uuidString)":[{"id":"\(UUID().uuidString)","name":"Stray","purchased":false}],
                      "not-a-list":[{"id":"\(UUID().uuidString)","name":"Lost","purchased":false}]},
             "timestamp":"2025-03-02T08:00:00.250Z"}
            """
        let read = try OriginalListsBackup(Data(json.utf8), now: now, appVersion: "test")
        #expect(read.backup.lists.map(\.name) == ["Weekly", "Recovered items"])
        #expect(read.backup.lists[0].items.map(\.name) == ["Milk"] && read.backup.lists[0].items[0].purchased)
        #expect(read.backup.lists[1].items.map(\.name) == ["Stray"])
        #expect(read.backup.lists[0].createdAt == Date(timeIntervalSince1970: 1_740_816_000))
        #expect(read.warnings.count == 2 && read.warnings[1].contains("1 item under keys that are no list id was left out"))
    }

    @Test func aFileThatIsNotTheOriginalAppsSaysWhatIsMissing() {
        #expect(!OriginalListsBackup.matches(Data(#"{"items":{}}"#.utf8)))
        #expect(throws: BackupError.notABackup("it is neither Hearth's lists backup nor the original app's (timestamp is missing).")) {
            try OriginalListsBackup(Data(#"{"lists":[],"items":{}}"#.utf8), now: now, appVersion: "test")
        }
    }
}

import Foundation
import Testing
@testable import HearthCore

@Suite struct ListItemCursorTests {
    @Test func aCursorReadsBackExactlyFromItsText() {
        for purchased in [false, true] {
            let item = ListItem(id: UUID(), listId: UUID(), name: "Milk", quantity: nil, note: nil, purchased: purchased,
                                changedAt: Date(timeIntervalSince1970: 1_790_000_000.123_456_7),
                                createdAt: Date(timeIntervalSince1970: 1_789_999_999.987_654_3), updatedAt: Date())
            let cursor = ListItemCursor(after: item)
            #expect(cursor.text.count == 65)
            #expect(cursor.text.allSatisfy { $0.isHexDigit && !$0.isUppercase })
            let read = ListItemCursor(cursor.text)
            #expect(read == cursor)
            #expect(read?.changedAt.timeIntervalSince1970 == item.changedAt.timeIntervalSince1970)
        }
    }

    @Test(arguments: ["", "0", "2" + String(repeating: "0", count: 64), "0" + String(repeating: "g", count: 64),
                      "1" + String(repeating: "0", count: 65)])
    func anythingElseIsNotACursor(text: String) {
        #expect(ListItemCursor(text) == nil)
    }
}

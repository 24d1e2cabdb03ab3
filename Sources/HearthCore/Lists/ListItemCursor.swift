import Foundation

/// Where a page of a list's items ended: the place of its last item in the list's order (to buy,
/// oldest first; then in the basket, most recently checked first). Clients get it as an opaque
/// text (`nextCursor`) and send it back (`cursor`) for the next page.
public struct ListItemCursor: Sendable, Equatable {
    public let purchased: Bool
    public let changedAt: Date
    public let createdAt: Date
    public let id: UUID

    public init(after item: ListItem) {
        purchased = item.purchased
        changedAt = item.changedAt
        createdAt = item.createdAt
        id = item.id
    }

    /// Reads a cursor's text; nil when it is not one. The times travel as the bits of their
    /// floating-point seconds, so the database compares exactly the values it stored.
    public init?(_ text: String) {
        let characters = Array(text.utf8)
        guard characters.count == 65, let flag = characters.first, flag == UInt8(ascii: "0") || flag == UInt8(ascii: "1"),
              let changed = UInt64(String(decoding: characters[1..<17], as: UTF8.self), radix: 16),
              let created = UInt64(String(decoding: characters[17..<33], as: UTF8.self), radix: 16),
              let id = UUID(parsing: String(decoding: characters[33...], as: UTF8.self))
        else { return nil }
        purchased = flag == UInt8(ascii: "1")
        changedAt = Date(timeIntervalSince1970: Double(bitPattern: changed))
        createdAt = Date(timeIntervalSince1970: Double(bitPattern: created))
        self.id = id
    }

    /// 65 hexadecimal characters: safe in a URL as they are.
    public var text: String {
        func hex(_ date: Date) -> String {
            let digits = String(date.timeIntervalSince1970.bitPattern, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return (purchased ? "1" : "0") + hex(changedAt) + hex(createdAt) + id.text.replacingOccurrences(of: "-", with: "").lowercased()
    }
}

import Foundation
import HearthCore

/// Items in Recently deleted, with the days each has left.
struct DeletedItemsPage: Sendable {
    struct Entry: Sendable {
        let id: String
        let name: String
        let thumb: String?
        let remaining: String
    }

    let layout: Layout
    let items: [Entry]

    init(layout: Layout, items: [InventoryItem], now: Date) {
        self.layout = layout
        self.items = items.map { item in
            let secondsLeft = (item.deletedAt ?? now).addingTimeInterval(InventoryItem.retention).timeIntervalSince(now)
            let days = max(0, Int((secondsLeft / 86_400).rounded(.up)))
            return Entry(id: item.id.text, name: item.name,
                         thumb: item.primaryPhotoId.map { PhotoURL.path(itemId: item.id, photoId: $0, size: .thumb) },
                         remaining: days == 0 ? "deleted for good soon" : "\(days.counted(.day)) left")
        }
    }
}

import Foundation
import HearthCore

/// What the full inventory PDF shows, gathered by the server: rooms in order, each with its items,
/// and where each item's pictures are on disk (JPEGs made for serving).
public struct InventoryReport: Sendable {
    public struct Entry: Sendable {
        public var item: InventoryItem
        public var categoryName: String?
        /// The primary photo's thumbnail, shown beside the item.
        public var thumbnail: URL?
        /// Every photo and receipt image, for the appendix.
        public var pictures: [Picture]

        public init(item: InventoryItem, categoryName: String?, thumbnail: URL?, pictures: [Picture]) {
            self.item = item
            self.categoryName = categoryName
            self.thumbnail = thumbnail
            self.pictures = pictures
        }
    }

    public struct Picture: Sendable {
        public var file: URL
        public var caption: String

        public init(file: URL, caption: String) {
            self.file = file
            self.caption = caption
        }
    }

    /// A room and its items; the room named nil holds the items without one.
    public struct Section: Sendable {
        public var name: String
        /// The room's colour (`#RRGGBB`), drawn beside its heading and summary line.
        public var color: String?
        public var entries: [Entry]

        public init(name: String, color: String? = nil, entries: [Entry]) {
            self.name = name
            self.color = color
            self.entries = entries
        }
    }

    public var householdName: String
    /// "24 November 2026": when the report was made, on every page.
    public var dateText: String
    public var sections: [Section]
    /// Items by category for the summary (name, count, totals), a category's colour beside it.
    public var categories: [Section]
    public var withPhotos: Bool
    /// When the household last checked its things, and how many were not seen in 12 months, for the cover.
    public var lastChecked = "Not yet"
    /// Set when the household's score counts things last seen before this day as 0 % (its setting).
    public var unseenScoreZeroBefore: CalendarDate?

    public init(householdName: String, dateText: String, sections: [Section], categories: [Section], withPhotos: Bool) {
        self.householdName = householdName
        self.dateText = dateText
        self.sections = sections
        self.categories = categories
        self.withPhotos = withPhotos
    }

    var entries: [Entry] { sections.flatMap(\.entries) }

    /// Amounts added up per currency, largest first: "$12,400.00 + €300.00".
    static func total(_ entries: [Entry]) -> String {
        Money.totalsText(entries.compactMap(\.item.value))
    }

    /// The average documentation score of the entries, in per cent; with ``unseenScoreZeroBefore``,
    /// things not seen since then count 0 %, as on the inventory home.
    func score(_ entries: [Entry]) -> Int {
        guard !entries.isEmpty else { return 0 }
        let scores = entries.map { entry in
            unseenScoreZeroBefore.map { entry.item.lastSeen < $0 } == true ? 0 : entry.item.documentation.score
        }
        return scores.reduce(0, +) / entries.count
    }
}

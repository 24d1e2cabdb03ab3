import Foundation
import HearthCore

/// What the item list shows: filters, text search, sort and the page.
public struct ItemQuery: Sendable, Equatable {
    /// A room or category filter: one of them, or the items without one.
    public enum GroupFilter: Sendable, Equatable {
        case group(UUID)
        case unassigned
    }

    /// Which items by what became of them: those the household owns (the default, what totals,
    /// the score and reports count), those sold or archived, or all.
    public enum Status: String, Sendable, CaseIterable {
        case owned, gone, all
    }

    /// Orders of the list. Name goes A–Z; value, date added and purchase date go newest or largest first.
    public enum Sort: String, Sendable, CaseIterable {
        case name, value, added, purchased
    }

    /// One condition an item must meet. The list's own parameters and the search box's filters
    /// (``ItemSearch``, once names are found) come to these, and every one must hold.
    public enum Filter: Sendable, Equatable {
        /// In one of these rooms (or without one).
        case room([GroupFilter])
        case category([GroupFilter])
        case tag(String)
        /// Only documented (true) or only not documented (false) items.
        case documented(Bool)
        case condition(ItemCondition)
        /// Only items that lack this field.
        case missing(DocumentationField)
        /// The warranty ends between `from` (when given) and `endsBy`.
        case warranty(endsBy: CalendarDate, from: CalendarDate?)
        /// Exactly this barcode.
        case barcode(String)
        case asset(AssetID)
        /// A value (``InventorySQL/value(_:)``) in the money's currency strictly above or below it.
        case value(ItemSearch.Comparison, Money)
    }

    /// Words to find, each as the start of a word ("sams" finds Samsung).
    public var text: String?
    public var filters: [Filter]
    public var status: Status
    public var sort: Sort
    /// Where the previous page ended (``ItemPage/nextCursor``).
    public var cursor: String?
    public var limit: Int

    public static let maximumLimit = 200
    /// Items a page of an export reads at once (``InventoryStore/exportPage(householdId:_:)``).
    public static let exportPageSize = 2000

    /// The list's parameters: each one given is a filter. `warrantyEndsBy` counts from `today`.
    public init(text: String? = nil, room: GroupFilter? = nil, category: GroupFilter? = nil, tag: String? = nil, documented: Bool? = nil,
                condition: ItemCondition? = nil, missing: DocumentationField? = nil, warrantyEndsBy: CalendarDate? = nil,
                today: CalendarDate? = nil, barcode: String? = nil, status: Status = .owned, sort: Sort = .name, cursor: String? = nil,
                limit: Int = 50) {
        self.text = text
        let filters: [Filter?] = [
            room.map { .room([$0]) }, category.map { .category([$0]) }, tag.map(Filter.tag), documented.map(Filter.documented),
            condition.map(Filter.condition), missing.map(Filter.missing), warrantyEndsBy.map { .warranty(endsBy: $0, from: today) },
            barcode.map(Filter.barcode),
        ]
        self.filters = filters.compactMap { $0 }
        self.status = status
        self.sort = sort
        self.cursor = cursor
        self.limit = limit
    }

    /// The words of `text` a search looks for: at most 8, as ``words(of:)`` cuts them.
    var searchWords: [String] {
        Array(Self.words(of: text ?? "").prefix(8).map { String($0.prefix(50)) })
    }

    /// Text cut into words the same way for what is stored and what is searched, so both backends
    /// match alike: runs of letters and digits, lower case, without accents ("R-1" is "r" and "1",
    /// "Vélo" is "velo"). PostgreSQL's own parser would keep "-1" as a number.
    static func words(of text: String) -> [String] {
        // ASCII has no diacritics and its letters and digits are plain bytes: cut it byte by byte.
        // Foundation's folding bridges to NSString on Linux (a tenth of an import of 100,000 items),
        // and asking each Character whether it is a letter took a tenth of a restore's own time.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return folded.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// ``words(of:)`` for ASCII text: runs of letters and digits, lower case.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = [], word: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte + 32)
            default:
                guard !word.isEmpty else { continue }
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }
}

/// One page of the item list.
public struct ItemPage: Sendable, Equatable {
    public var items: [InventoryItem]
    /// Pass it as ``ItemQuery/cursor`` for the next page; nil on the last page.
    public var nextCursor: String?
    /// How many items match the filters in all.
    public var total: Int

    public init(items: [InventoryItem], nextCursor: String?, total: Int) {
        self.items = items
        self.nextCursor = nextCursor
        self.total = total
    }
}

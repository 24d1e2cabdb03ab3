import Foundation

/// The shopping-list app Hearth replaces wrote its Gist backup as `BackupData`: `{user, lists,
/// deletedLists, items, timestamp, version}`, the items in an object keyed by each list's UUID
/// string, dates in Swift's default encoding (seconds since 2001-01-01) or ISO 8601. Its `user`
/// holds the old account with its password in plain text: it is never decoded, kept or logged.
public struct OriginalListsBackup: Sendable {
    /// The lists as Hearth restores them, and what the preview should say.
    public let backup: ListsBackup
    public let warnings: [String]

    /// Whether `data` looks like the original app's backup (its keys), before it is read.
    public static func matches(_ data: Data) -> Bool {
        struct Keys: Decodable { var lists: [Field]; var items: [String: [Field]]; struct Field: Decodable {} }
        return (try? JSONDecoder().decode(Keys.self, from: data)) != nil
    }

    /// Reads the backup; the deleted lists get a fresh 30-day window in Recently deleted from `now`.
    public init(_ data: Data, now: Date, appVersion: String) throws(BackupError) {
        let file: File
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom(Self.date)
            file = try decoder.decode(File.self, from: data)
        } catch {
            throw .notABackup("it is neither Hearth's lists backup nor the original app's (\(Self.reason(error))).")
        }
        var itemsByList: [UUID: [File.Element]] = [:]
        var unknownKeys = 0
        for (key, elements) in file.items {
            guard let id = UUID(uuidString: key) else { unknownKeys += elements.count; continue }
            itemsByList[id, default: []] += elements
        }
        func list(_ list: File.List, position: Int, deletedAt: Date?) -> HouseholdBackup.List {
            let items = (itemsByList.removeValue(forKey: list.id) ?? []).map { element in
                HouseholdBackup.List.Item(id: element.id, name: element.name, quantityAmount: nil, quantityUnit: nil, note: nil,
                                          purchased: element.purchased, changedAt: list.createdAt, createdAt: list.createdAt, updatedAt: list.createdAt)
            }
            return HouseholdBackup.List(id: list.id, name: list.name, emoji: nil, position: position, createdAt: list.createdAt,
                                        updatedAt: list.createdAt, deletedAt: deletedAt, items: items)
        }
        var lists = file.lists.enumerated().map { list($0.element, position: $0.offset + 1, deletedAt: nil) }
        lists += file.deletedLists.enumerated().map { list($0.element, position: file.lists.count + $0.offset + 1, deletedAt: now) }
        var warnings: [String] = []
        if !file.deletedLists.isEmpty {
            warnings.append("\(file.deletedLists.count) deleted \(file.deletedLists.count == 1 ? "list goes" : "lists go") to Recently deleted, "
                            + "kept 30 days from today (the original app never emptied it).")
        }
        // Items kept under a list the backup no longer names: kept too, in a list of their own.
        let orphans = itemsByList.values.flatMap { $0 }
        if !orphans.isEmpty {
            let recovered = File.List(id: UUID(), name: "Recovered items", createdAt: file.timestamp)
            itemsByList = [recovered.id: orphans]
            lists.append(list(recovered, position: lists.count + 1, deletedAt: nil))
            warnings.append("\(orphans.count.counted(.item)) of lists the backup no longer names "
                            + "come over in a list called “Recovered items”.")
        }
        if unknownKeys > 0 {
            warnings.append("\(unknownKeys.counted(.item)) under keys that are no list id \(unknownKeys == 1 ? "was" : "were") left out.")
        }
        self.backup = ListsBackup(appVersion: appVersion, exportDate: file.timestamp, lists: lists, stores: [])
        self.warnings = warnings
    }

    /// `BackupData` without its `user`, which is never read.
    struct File: Decodable {
        struct List: Decodable {
            var id: UUID
            var name: String
            var createdAt: Date
        }
        struct Element: Decodable {
            var id: UUID
            var name: String
            var purchased: Bool
        }
        var lists: [List]
        var deletedLists: [List]
        var items: [String: [Element]]
        var timestamp: Date
        var version: String?

        enum CodingKeys: String, CodingKey { case lists, deletedLists, items, timestamp, version }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lists = try container.decode([List].self, forKey: .lists)
            deletedLists = try container.decodeIfPresent([List].self, forKey: .deletedLists) ?? []
            items = try container.decodeIfPresent([String: [Element]].self, forKey: .items) ?? [:]
            timestamp = try container.decode(Date.self, forKey: .timestamp)
            version = try container.decodeIfPresent(String.self, forKey: .version)
        }
    }

    /// Swift's default date (a number of seconds since 2001-01-01), or ISO 8601 text.
    static func date(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
        let text = try container.decode(String.self)
        if let date = RFC3339.date(from: text) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle())) { return date }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "“\(text)” is not a date")
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "\(key.stringValue) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context), DecodingError.valueNotFound(_, let context):
            ([context.codingPath.map(\.stringValue).joined(separator: "."), context.debugDescription].filter { !$0.isEmpty }).joined(separator: ": ")
        default: "its JSON could not be read"
        }
    }
}

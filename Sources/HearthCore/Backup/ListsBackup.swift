import Foundation

/// A household's shopping lists as the lists' Gist backup carries them: the lists with their items
/// and Recently deleted, and the stores their items are only found at. The gist holds it encrypted
/// (``BackupCipher`` in HearthReports); a restore follows the backups' merge and replace rules.
public struct ListsBackup: Codable, Sendable, Equatable {
    public static let currentFormat = 1

    public var format: Int
    public var appVersion: String
    public var exportDate: Date
    public var lists: [HouseholdBackup.List]
    public var stores: [HouseholdBackup.Store]

    public init(appVersion: String, exportDate: Date, lists: [HouseholdBackup.List], stores: [HouseholdBackup.Store]) {
        self.format = Self.currentFormat
        self.appVersion = appVersion
        self.exportDate = exportDate
        self.lists = lists
        self.stores = stores
    }

    /// What it holds, as the gist's README and the list of revisions say it.
    public var counts: Counts {
        Counts(lists: lists.filter { $0.deletedAt == nil }.count, deletedLists: lists.filter { $0.deletedAt != nil }.count,
               items: lists.reduce(0) { $0 + $1.items.count })
    }

    public struct Counts: Codable, Sendable, Equatable {
        public var lists: Int
        public var deletedLists: Int
        public var items: Int

        public init(lists: Int, deletedLists: Int, items: Int) {
            self.lists = lists
            self.deletedLists = deletedLists
            self.items = items
        }
    }

    /// The JSON as it is encrypted into the gist: a household backup's encoding (keys sorted, RFC 3339 times).
    public func encoded() throws -> Data {
        try HouseholdBackup.encoder().encode(self)
    }

    /// A lists backup read from its JSON, or why it is not one.
    public static func decode(_ data: Data) throws(BackupError) -> ListsBackup {
        struct Format: Decodable { var format: Int }
        guard let format = try? JSONDecoder().decode(Format.self, from: data) else { throw .notABackup("it is not Hearth's lists backup.") }
        guard format.format == currentFormat else { throw .unsupportedFormat(format.format) }
        return try HouseholdBackup.decodeValue(ListsBackup.self, from: data)
    }
}

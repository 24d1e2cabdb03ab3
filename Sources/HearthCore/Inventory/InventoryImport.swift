import Foundation

/// An item read from an imported file, before it is matched against the inventory.
public struct ImportedItem: Sendable, Equatable {
    /// Where it is in the file (1 is the header).
    public var line: Int
    /// The same row imported again has the same id: from the file's own id or reference, else from
    /// its content. So a second import of a file finds its items and changes nothing.
    public var id: UUID
    /// Checked by the inventory's rules; rooms and categories are named, not yet found; the
    /// container is named by its id in the file (another row's ``id``).
    public var details: ItemDetails
    public var roomName: String?
    public var categoryName: String?
    /// When it was added and last changed, as the file says (Hearth's own export does): kept for a new
    /// item when they are sane (not after the import, the change not before the addition).
    public var addedAt: Date?
    public var updatedAt: Date?
    /// What changed on the way in ("quantity 2.5 taken as 3 …"), said on the row's line.
    public var note: String?
    /// Ids the same row had in earlier releases, tried when ``id`` is not found.
    public var formerIds: [UUID] = []
    /// The asset id the file gives it, kept for a new item when the household has not given it.
    public var assetId: AssetID?

    public init(line: Int, id: UUID, details: ItemDetails, roomName: String?, categoryName: String?, addedAt: Date? = nil, updatedAt: Date? = nil) {
        self.line = line
        self.id = id
        self.details = details
        self.roomName = roomName
        self.categoryName = categoryName
        self.addedAt = addedAt
        self.updatedAt = updatedAt
    }
}

/// What a file holds for an import: its items, the rows that cannot be read, and the rooms it
/// names besides its items' (HomeBox's location rows).
public struct ImportedFile: Sendable, Equatable {
    public var items: [ImportedItem]
    public var problems: [ImportProblem]
    public var rooms: [ImportedRoom]
    /// Whether the file says where items are kept and whether they were sold or archived (an
    /// export of an earlier release does not: the inventory's own values then stay).
    public var hasContainers = true
    public var hasDispositions = true

    public init(items: [ImportedItem], problems: [ImportProblem], rooms: [ImportedRoom] = []) {
        self.items = items
        self.problems = problems
        self.rooms = rooms
    }
}

/// A room a file names on a line of its own (a HomeBox location row).
public struct ImportedRoom: Sendable, Equatable {
    public var line: Int
    public var name: String

    public init(line: Int, name: String) {
        self.line = line
        self.name = name
    }
}

/// A row of an imported file that cannot become an item, and why.
public struct ImportProblem: Sendable, Equatable, Codable {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// What an import does (the preview) or did.
public struct ImportReport: Sendable, Equatable {
    public enum Action: String, Sendable, Codable {
        case create, update, skip
    }

    public struct Row: Sendable, Equatable {
        public var line: Int
        public var name: String
        public var action: Action
        /// Why a row is skipped, or what changed on its way in.
        public var reason: String?
    }

    public var created = 0
    public var updated = 0
    public var skipped = 0
    public var roomsCreated: [String] = []
    public var categoriesCreated: [String] = []
    /// Every readable row and what happens to it, in the file's order.
    public var rows: [Row] = []
    /// Every row that cannot be read, with the reason; these are left out.
    public var problems: [ImportProblem] = []

    public init(problems: [ImportProblem] = []) {
        self.problems = problems
    }

    public mutating func record(_ item: ImportedItem, _ action: Action, reason: String? = nil) {
        rows.append(Row(line: item.line, name: item.details.name, action: action, reason: reason ?? item.note))
        switch action {
        case .create: created += 1
        case .update: updated += 1
        case .skip: skipped += 1
        }
    }
}

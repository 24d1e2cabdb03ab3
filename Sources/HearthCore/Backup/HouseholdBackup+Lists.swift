import Foundation

extension HouseholdBackup {
    /// A shopping list with its items, as stored (Recently deleted included).
    public struct List: Codable, Sendable, Equatable {
        public struct Item: Codable, Sendable, Equatable {
            public var id: UUID
            public var name: String
            /// The amount as written ("1.5") and its unit's code, as the list keeps them.
            public var quantityAmount: String?
            public var quantityUnit: String?
            public var note: String?
            public var purchased: Bool
            public var changedAt: Date
            public var createdAt: Date
            public var updatedAt: Date
            /// Its aisle (a ``ShoppingCategory``), its place in it and the stores it is only found
            /// at; absent in backups made before aisles (a restore sorts those as new items).
            public var category: String?
            public var position: Int?
            public var onlyAt: [UUID]?

            public init(id: UUID, name: String, quantityAmount: String?, quantityUnit: String?, note: String?, purchased: Bool,
                        changedAt: Date, createdAt: Date, updatedAt: Date, category: String? = nil, position: Int? = nil, onlyAt: [UUID]? = nil) {
                self.id = id
                self.name = name
                self.quantityAmount = quantityAmount
                self.quantityUnit = quantityUnit
                self.note = note
                self.purchased = purchased
                self.changedAt = changedAt
                self.createdAt = createdAt
                self.updatedAt = updatedAt
                self.category = category
                self.position = position
                self.onlyAt = onlyAt
            }
        }

        public var id: UUID
        public var name: String
        public var emoji: String?
        public var position: Int
        public var createdAt: Date
        public var updatedAt: Date
        public var deletedAt: Date?
        public var items: [Item]
        /// The store it is usually shopped at.
        public var storeId: UUID?
        /// The household's order of names in each aisle of this list (the lower case name → its place).
        public var order: [String: Int]?

        public init(id: UUID, name: String, emoji: String?, position: Int, createdAt: Date, updatedAt: Date, deletedAt: Date?, items: [Item],
                    storeId: UUID? = nil, order: [String: Int]? = nil) {
            self.id = id
            self.name = name
            self.emoji = emoji
            self.position = position
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.deletedAt = deletedAt
            self.items = items
            self.storeId = storeId
            self.order = order
        }
    }

    /// A store with its aisle order (``ShoppingCategory`` names).
    public struct Store: Codable, Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var aisles: [String]
        public var position: Int
        public var createdAt: Date
        public var updatedAt: Date

        public init(id: UUID, name: String, aisles: [String], position: Int, createdAt: Date, updatedAt: Date) {
            self.id = id
            self.name = name
            self.aisles = aisles
            self.position = position
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }
    }

    /// What the household taught about a name: its aisle and the stores it is only found at.
    public struct TaughtName: Codable, Sendable, Equatable {
        public var name: String
        public var category: String?
        public var onlyAt: [UUID]?

        public init(name: String, category: String?, onlyAt: [UUID]?) {
            self.name = name
            self.category = category
            self.onlyAt = onlyAt
        }
    }

    /// A member's own Focus data: timer settings and finished sessions. Restored to the member of
    /// the same email; never their password or tokens.
    public struct Member: Codable, Sendable, Equatable {
        public var email: String
        public var name: String
        public var focusSettings: FocusSettings?
        public var sessions: [FocusSession]

        public init(email: String, name: String, focusSettings: FocusSettings?, sessions: [FocusSession]) {
            self.email = email
            self.name = name
            self.focusSettings = focusSettings
            self.sessions = sessions
        }
    }

    /// A claim: a frozen one with its snapshot exactly as frozen (the bytes its SHA-256 is of).
    public struct Claim: Codable, Sendable, Equatable {
        public var id: UUID
        public var incident: Incident
        public var status: HearthCore.Claim.Status
        public var lines: [ClaimLine]
        public var snapshot: String?
        public var sha256: String?
        public var createdAt: Date
        public var updatedAt: Date

        public init(_ claim: HearthCore.Claim) {
            id = claim.id
            incident = claim.incident
            status = claim.status
            lines = claim.lines
            snapshot = claim.snapshotJSON.map { String(decoding: $0, as: UTF8.self) }
            sha256 = claim.sha256
            createdAt = claim.createdAt
            updatedAt = claim.updatedAt
        }
    }
}

import Foundation

/// An insurance claim after a loss: the incident, the items lost, and (once frozen) a snapshot of
/// those items as they were, which later edits or deletions of the items do not change.
public struct Claim: Sendable, Equatable, Identifiable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Items and quantities can still change.
        case draft
        /// The snapshot is taken; only each line's outcome can change.
        case frozen
    }

    public var id: UUID
    public var householdId: UUID
    public var incident: Incident
    public var status: Status
    /// The items lost, in order, with their outcome.
    public var lines: [ClaimLine]
    /// Set once frozen: what was claimed, exactly, and its SHA-256 (hex).
    public var snapshot: ClaimSnapshot?
    /// The snapshot's JSON exactly as frozen: the bytes `sha256` is of.
    public var snapshotJSON: Data?
    public var sha256: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, householdId: UUID, incident: Incident, status: Status, lines: [ClaimLine], snapshot: ClaimSnapshot?,
                snapshotJSON: Data?, sha256: String?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.householdId = householdId
        self.incident = incident
        self.status = status
        self.lines = lines
        self.snapshot = snapshot
        self.snapshotJSON = snapshotJSON
        self.sha256 = sha256
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// What happened.
public struct Incident: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case fire, theft, flood, storm, accident, other

        public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    public var kind: Kind
    public var date: CalendarDate
    public var description: String?
    /// The police report or insurer's claim number.
    public var reference: String?

    public init(kind: Kind, date: CalendarDate, description: String? = nil, reference: String? = nil) {
        self.kind = kind
        self.date = date
        self.description = description
        self.reference = reference
    }

    /// Trimmed and checked.
    public func validated() throws(InventoryError) -> Incident {
        var clean = self
        clean.description = try InventoryRules.paragraphs(description, field: "description of the incident")
        clean.reference = try InventoryRules.text(reference, field: "reference")
        return clean
    }
}

/// One item of a claim: how many pieces were lost and what the insurer did with it.
public struct ClaimLine: Sendable, Equatable, Codable {
    public enum Outcome: String, Sendable, Codable, CaseIterable {
        case open, submitted, paid, denied
    }

    public var itemId: UUID
    public var quantity: Int
    public var outcome: Outcome
    /// What the insurer paid for this line.
    public var paid: Money?

    public init(itemId: UUID, quantity: Int, outcome: Outcome = .open, paid: Money? = nil) {
        self.itemId = itemId
        self.quantity = quantity
        self.outcome = outcome
        self.paid = paid
    }
}

import Foundation
import HearthCore
import HearthReports

/// Starting a claim: the incident, and every item by room with a box to tick and the pieces lost.
struct NewClaimPage: Sendable {
    struct Kind: Sendable {
        let value: String
        let title: String
        let selected: Bool
    }

    struct Room: Sendable {
        let name: String
        let items: [Item]
    }

    struct Item: Sendable {
        let id: String
        let name: String
        let detail: String
        let checked: Bool
        /// Shown when the item has several pieces.
        let pieces: Int?
        let lost: Int
    }

    let layout: Layout
    let kinds: [Kind]
    let date: String
    let reference: String
    let description: String
    let rooms: [Room]
    let hasItems: Bool
    let error: String?

    init(layout: Layout, rooms: [InventoryGroup], items: [InventoryItem], form: ClaimPages.NewClaimForm?, today: CalendarDate, error: String?) {
        self.layout = layout
        kinds = Incident.Kind.allCases.map { Kind(value: $0.rawValue, title: $0.title, selected: $0.rawValue == (form?.kind ?? "fire")) }
        date = form?.date ?? today.description
        reference = form?.reference ?? ""
        description = form?.description ?? ""
        let chosen = Set(form?.ids ?? [])
        func row(_ item: InventoryItem) -> Item {
            let id = item.id.text
            return Item(id: id, name: item.name, detail: [item.brand, item.value?.formatted].compactMap { $0 }.joined(separator: " · "),
                        checked: chosen.contains(id), pieces: item.quantity > 1 ? item.quantity : nil,
                        lost: form?.quantity?[id].flatMap { Int($0) } ?? item.quantity)
        }
        let byRoom = Dictionary(grouping: items, by: \.roomId)
        var sections = rooms.compactMap { room in byRoom[room.id].map { Room(name: room.name, items: $0.map(row)) } }
        if let unplaced = byRoom[nil] { sections.append(Room(name: "No room", items: unplaced.map(row))) }
        self.rooms = sections
        hasItems = !items.isEmpty
        self.error = error
    }
}

/// One claim: the incident, its lines with their totals and gaps, and (frozen) the hash, the
/// exports and each line's outcome.
struct ClaimPage: Sendable {
    struct Line: Sendable {
        let itemId: String
        let name: String
        let quantity: Int
        let each: String
        let total: String
        /// "Actual cash value $500.00 (−50%)" on the day of the incident.
        let cash: String?
        let gaps: String?
        let outcomes: [Outcome]
        let paid: String
    }

    struct Outcome: Sendable {
        let value: String
        let selected: Bool
    }

    let layout: Layout
    let id: String
    let title: String
    let incident: String
    let reference: String?
    let description: String?
    let frozen: Bool
    let frozenAt: String?
    let sha256: String?
    let lines: [Line]
    let totals: [String]
    let error: String?

    init(layout: Layout, claim: Claim, items: [UUID: InventoryItem], valuation: Valuation, error: String?) {
        self.layout = layout
        id = claim.id.text
        title = "\(claim.incident.kind.title) on \(InventoryFormat.date(claim.incident.date))"
        incident = "\(claim.incident.kind.title), \(InventoryFormat.date(claim.incident.date))"
        reference = claim.incident.reference
        description = claim.incident.description
        frozen = claim.status == .frozen
        frozenAt = claim.snapshot.map { DisplayFormat.dateTime($0.frozenAt, timeZone: layout.user?.timeZone ?? "UTC") }
        sha256 = claim.sha256
        let frozenLines = Dictionary(uniqueKeysWithValues: (claim.snapshot?.lines ?? []).map { ($0.itemId, $0) })
        lines = claim.lines.map { line in
            let snapshot = frozenLines[line.itemId], item = items[line.itemId]
            let each = snapshot?.replacementEach ?? item?.unitValue
            let missing = snapshot?.missing ?? item?.documentation.missing ?? []
            let incident = claim.incident.date
            var cash: (value: Money, lost: Int?)?
            if let snapshot {
                cash = snapshot.actualCashValue(at: incident).map { ($0, snapshot.percentLost(at: incident)) }
            } else if let item, let total = each?.times(line.quantity), let rule = valuation.rule(for: item) {
                cash = rule.actualCashValue(of: total, purchased: item.purchaseDate, on: incident).map { ($0, rule.percentLost(purchased: item.purchaseDate, on: incident)) }
            }
            return Line(itemId: line.itemId.text, name: snapshot?.name ?? item?.name ?? "A deleted item", quantity: line.quantity,
                        each: each?.formatted ?? "no value", total: each?.times(line.quantity)?.formatted ?? "—",
                        cash: cash.map { "actual cash value \($0.value.formatted)" + ($0.lost.map { $0 == 0 ? "" : " (−\($0)%)" } ?? "") },
                        gaps: missing.isEmpty ? nil : "Missing: " + missing.map(\.noun).joined(separator: ", "),
                        outcomes: ClaimLine.Outcome.allCases.map { Outcome(value: $0.rawValue, selected: $0 == line.outcome) },
                        paid: line.paid?.decimalString ?? "")
        }
        if let snapshot = claim.snapshot {
            totals = ClaimExport.totals(snapshot, outcomes: claim.lines)
        } else {
            let claimed = Money.totalsText(claim.lines.compactMap { line in (items[line.itemId]?.unitValue).flatMap { $0.times(line.quantity) } })
            totals = ["Claimed \(claimed) (a draft: freeze it to keep it as it is now)"]
        }
        self.error = error
    }
}

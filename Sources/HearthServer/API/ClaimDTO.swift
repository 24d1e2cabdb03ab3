import Foundation
import HearthAPI
import HearthCore
import Hummingbird

/// Claims as the API sends them: a frozen claim's lines from its snapshot, a draft's from the items now.
extension Components.Schemas.Claim {
    init(_ claim: Claim, items: [UUID: InventoryItem]) {
        let frozen = Dictionary(uniqueKeysWithValues: (claim.snapshot?.lines ?? []).map { ($0.itemId, $0) })
        let lines: [Components.Schemas.ClaimLine] = claim.lines.map { line in
            let each = frozen[line.itemId]?.replacementEach ?? items[line.itemId]?.unitValue
            let missing = frozen[line.itemId]?.missing ?? items[line.itemId]?.documentation.missing ?? []
            return .init(itemId: line.itemId.text, name: frozen[line.itemId]?.name ?? items[line.itemId]?.name ?? "A deleted item",
                         quantity: line.quantity, each: each.map(Components.Schemas.Money.init),
                         total: each?.times(line.quantity).map(Components.Schemas.Money.init),
                         outcome: .init(rawValue: line.outcome.rawValue) ?? .open, paid: line.paid.map(Components.Schemas.Money.init),
                         missing: missing.compactMap { .init(rawValue: $0.rawValue) })
        }
        func sums(_ amounts: [Components.Schemas.Money]) -> [Components.Schemas.Money] {
            Money.totals(amounts.map(\.domain)).map(Components.Schemas.Money.init)
        }
        self.init(id: claim.id.text, status: .init(rawValue: claim.status.rawValue) ?? .draft, incident: .init(claim.incident),
                  lines: lines, claimed: sums(lines.compactMap(\.total)), paid: sums(lines.compactMap(\.paid)), sha256: claim.sha256,
                  frozenAt: claim.snapshot?.frozenAt, createdAt: claim.createdAt, updatedAt: claim.updatedAt)
    }
}

extension Components.Schemas.Incident {
    init(_ incident: Incident) {
        self.init(kind: .init(rawValue: incident.kind.rawValue) ?? .other, date: incident.date.description, description: incident.description,
                  reference: incident.reference)
    }

    var domain: Incident {
        get throws {
            guard let date = try InventoryInput.date(date, field: "incident date") else { throw HTTPErrorMessage.badRequest("“date” is required.") }
            return Incident(kind: Incident.Kind(rawValue: kind.rawValue) ?? .other, date: date, description: description, reference: reference)
        }
    }
}

extension Components.Schemas.ClaimItem {
    var domain: ClaimLine {
        get throws { ClaimLine(itemId: try HearthAPIService.uuid(itemId), quantity: quantity ?? 1) }
    }
}

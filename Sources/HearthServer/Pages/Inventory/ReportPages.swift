import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Inventory → Reports, the seed's Reports tab: the inventory PDF, claims, and the spreadsheet
/// (CSV export, imports of Hearth's CSV and HomeBox's).
struct ReportPages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory/reports", use: page)
    }

    func page(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let rooms = try await services.inventory.groups(.room, householdId: user.householdId)
        let counts = try await services.inventory.itemCounts(.room, householdId: user.householdId)
        let claims = try await services.inventory.claims(householdId: user.householdId)
        let page = ReportsPage(
            layout: services.layout("Reports", .inventory, context, notice: Notice.from(request)),
            rooms: rooms.filter { (counts[$0.id] ?? 0) > 0 }.map { .init(id: $0.id.text, name: [$0.icon, $0.name].compactMap { $0 }.joined(separator: " "), count: counts[$0.id] ?? 0) },
            claims: claims.map(ReportsPage.ClaimRow.init)
        )
        return try services.renderer.render("inventory-reports", page)
    }
}

struct ReportsPage: Sendable {
    struct Room: Sendable {
        let id: String
        let name: String
        let count: Int
    }

    struct ClaimRow: Sendable {
        let id: String
        let title: String
        let detail: String
        let frozen: Bool

        init(_ claim: Claim) {
            id = claim.id.text
            title = "\(claim.incident.kind.title) on \(InventoryFormat.date(claim.incident.date))"
            let claimed = claim.snapshot.map { $0.totals.map(\.formatted).joined(separator: " + ") }
            detail = [claim.lines.count.counted(.item), claim.incident.reference, claimed,
                      claim.status == .frozen ? "frozen" : "draft"].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " · ")
            frozen = claim.status == .frozen
        }
    }

    let layout: Layout
    let rooms: [Room]
    let claims: [ClaimRow]
}

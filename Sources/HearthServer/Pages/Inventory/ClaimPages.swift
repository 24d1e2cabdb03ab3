import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// A claim from start to payout: the incident and the items lost (picked by room, by search or one
/// by one), frozen, exported, and each line's outcome.
struct ClaimPages {
    let services: AppServices

    struct NewClaimForm: Decodable {
        let kind: String
        let date: String
        let reference: String?
        let description: String?
        let ids: [String]?
        let quantity: [String: String]?
    }

    struct OutcomeForm: Decodable {
        let outcome: String
        let paid: String?
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory/claims/new", use: newClaim)
        router.post("/inventory/claims", use: create)
        router.get("/inventory/claims/{id}", use: show)
        router.post("/inventory/claims/{id}/freeze", use: freeze)
        router.post("/inventory/claims/{id}/delete", use: delete)
        router.post("/inventory/claims/{id}/lines/{itemId}", use: setOutcome)
    }

    func newClaim(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await renderForm(context)
    }

    func create(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: NewClaimForm.self, context: context)
        do {
            guard let kind = Incident.Kind(rawValue: form.kind), let date = CalendarDate(iso: form.date) else {
                return try await renderForm(context, form: form, error: "Choose what happened and the date it happened.")
            }
            let lines = try (form.ids ?? []).map { id in
                guard let itemId = UUID(uuidString: id) else { throw InventoryError.itemNotFound }
                return ClaimLine(itemId: itemId, quantity: form.quantity?[id].flatMap { Int($0) } ?? 1)
            }
            let claim = try await services.inventory.createClaim(
                id: nil, householdId: user.householdId, incident: Incident(kind: kind, date: date, description: form.description, reference: form.reference),
                lines: lines).claim
            return .seeOther("/inventory/claims/\(claim.id.text)")
        } catch let error as InventoryError {
            return try await renderForm(context, form: form, error: error.message, status: ProblemDetails.status(of: error))
        }
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await render(context, notice: Notice.from(request))
    }

    func freeze(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (user, id) = try ids(context)
        let household = try await services.accounts.household(id: user.householdId)
        _ = try await services.inventory.freezeClaim(id: id, householdId: user.householdId, householdName: household?.name ?? "Household",
                                                     hash: ClaimFiles.sha256)
        return .seeOther("/inventory/claims/\(id.text)", notice: .claimFrozen)
    }

    func delete(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (user, id) = try ids(context)
        try await services.inventory.deleteClaim(id: id, householdId: user.householdId)
        return .seeOther("/inventory/reports#claims", notice: .claimDeleted)
    }

    func setOutcome(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let (user, id) = try ids(context)
        let itemId = try context.parameters.require("itemId", as: UUID.self)
        let form = try await request.decode(as: OutcomeForm.self, context: context)
        do {
            let outcome = ClaimLine.Outcome(rawValue: form.outcome) ?? .open
            let currency = try await services.inventory.currency(householdId: user.householdId)
            var paid: Money?
            if outcome == .paid {
                guard let amount = form.paid.flatMap({ Money(parsing: $0, currency: currency) }) else { throw InventoryError.invalidOutcome }
                paid = amount
            }
            _ = try await services.inventory.setOutcome(claimId: id, itemId: itemId, householdId: user.householdId, outcome: outcome, paid: paid)
        } catch let error as InventoryError where error != .claimNotFound && error != .itemNotFound {
            return try await render(context, error: error.message, status: ProblemDetails.status(of: error))
        }
        return .seeOther("/inventory/claims/\(id.text)#line-\(itemId.text)", notice: .saved)
    }

    private func ids(_ context: HearthRequestContext) throws -> (User, UUID) {
        (try context.requireUser(), try context.parameters.require("id", as: UUID.self))
    }

    private func render(_ context: HearthRequestContext, notice: String? = nil, error: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let (user, id) = try ids(context)
        guard let claim = try await services.inventory.claim(id: id, householdId: user.householdId) else { throw InventoryError.claimNotFound }
        let items = claim.status == .draft ? try await services.inventory.items(ids: claim.lines.map(\.itemId), householdId: user.householdId) : [:]
        // A draft's actual cash values are as of the incident, by the rules of today.
        let valuation = try await services.inventory.valuation(householdId: user.householdId, on: claim.incident.date)
        let page = ClaimPage(layout: services.layout("Claim", .inventory, context, notice: notice), claim: claim, items: items, valuation: valuation,
                             error: error)
        return try services.renderer.render("inventory-claim", page, status: status)
    }

    private func renderForm(_ context: HearthRequestContext, form: NewClaimForm? = nil, error: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let rooms = try await services.inventory.groups(.room, householdId: user.householdId)
        let items = try await services.inventory.allItems(householdId: user.householdId, ItemQuery(today: services.today(for: user)))
        let page = NewClaimPage(layout: services.layout("Start a claim", .inventory, context), rooms: rooms, items: items, form: form,
                                today: services.today(for: user), error: error)
        return try services.renderer.render("inventory-claim-new", page, status: status)
    }
}

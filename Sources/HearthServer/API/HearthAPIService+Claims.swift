import Foundation
import HearthAPI
import HearthCore
import HearthStore
import OpenAPIRuntime

/// Claims: started as drafts, frozen into a snapshot with its SHA-256, exported for the insurer,
/// and each line's outcome recorded.
extension HearthAPIService {
    func listClaims(_ input: Operations.ListClaims.Input) async throws -> Operations.ListClaims.Output {
        let user = try APIRequest.requireUser()
        let claims = try await services.inventory.claims(householdId: user.householdId)
        let items = try await liveItems(of: claims, householdId: user.householdId)
        return .ok(.init(body: .json(.init(claims: claims.map { .init($0, items: items) }))))
    }

    func createClaim(_ input: Operations.CreateClaim.Input) async throws -> Operations.CreateClaim.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let result = try await services.inventory.createClaim(id: try Self.uuid(body.id), householdId: user.householdId,
                                                              incident: try body.incident.domain, lines: try body.items.map { try $0.domain })
        let claim = Components.Schemas.Claim(result.claim, items: try await liveItems(of: [result.claim], householdId: user.householdId))
        return result.created ? .created(.init(body: .json(claim))) : .ok(.init(body: .json(claim)))
    }

    func getClaim(_ input: Operations.GetClaim.Input) async throws -> Operations.GetClaim.Output {
        let (user, claim) = try await claim(input.path.id)
        return .ok(.init(body: .json(.init(claim, items: try await liveItems(of: [claim], householdId: user.householdId)))))
    }

    func updateClaim(_ input: Operations.UpdateClaim.Input) async throws -> Operations.UpdateClaim.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let claim = try await services.inventory.updateClaim(id: try Self.uuid(input.path.id), householdId: user.householdId,
                                                             incident: try body.incident?.domain, lines: try body.items?.map { try $0.domain })
        return .ok(.init(body: .json(.init(claim, items: try await liveItems(of: [claim], householdId: user.householdId)))))
    }

    func deleteClaim(_ input: Operations.DeleteClaim.Input) async throws -> Operations.DeleteClaim.Output {
        let user = try APIRequest.requireUser()
        try await services.inventory.deleteClaim(id: try Self.uuid(input.path.id), householdId: user.householdId)
        return .noContent(.init())
    }

    func freezeClaim(_ input: Operations.FreezeClaim.Input) async throws -> Operations.FreezeClaim.Output {
        let user = try APIRequest.requireUser()
        let household = try await services.accounts.household(id: user.householdId)
        let claim = try await services.inventory.freezeClaim(id: try Self.uuid(input.path.id), householdId: user.householdId,
                                                             householdName: household?.name ?? "Household", hash: ClaimFiles.sha256)
        return .ok(.init(body: .json(.init(claim, items: [:]))))
    }

    func setClaimLineOutcome(_ input: Operations.SetClaimLineOutcome.Input) async throws -> Operations.SetClaimLineOutcome.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let claim = try await services.inventory.setOutcome(
            claimId: try Self.uuid(input.path.id), itemId: try Self.uuid(input.path.itemId), householdId: user.householdId,
            outcome: ClaimLine.Outcome(rawValue: body.outcome.rawValue) ?? .open, paid: body.paid?.domain)
        return .ok(.init(body: .json(.init(claim, items: [:]))))
    }

    func claimPDF(_ input: Operations.ClaimPDF.Input) async throws -> Operations.ClaimPDF.Output {
        let (_, claim) = try await claim(input.path.id)
        let url = try await services.claimFiles.pdf(claim)
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(ClaimFiles.baseName(claim)).pdf\""), body: .pdf(try .temporaryFile(url))))
    }

    func claimCSV(_ input: Operations.ClaimCSV.Input) async throws -> Operations.ClaimCSV.Output {
        let (_, claim) = try await claim(input.path.id)
        let csv = try services.claimFiles.csv(claim)
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(ClaimFiles.baseName(claim)).csv\""), body: .textCsvCharsetUtf8(HTTPBody(csv))))
    }

    func claimPack(_ input: Operations.ClaimPack.Input) async throws -> Operations.ClaimPack.Output {
        let (_, claim) = try await claim(input.path.id)
        let url = try await services.claimFiles.pack(claim)
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(ClaimFiles.baseName(claim))-pack.zip\""),
                         body: .applicationZip(try .temporaryFile(url))))
    }

    /// The signed-in user and their household's claim `id` (404 for any other).
    private func claim(_ id: String) async throws -> (User, Claim) {
        let user = try APIRequest.requireUser()
        guard let claim = try await services.inventory.claim(id: try Self.uuid(id), householdId: user.householdId) else {
            throw InventoryError.claimNotFound
        }
        return (user, claim)
    }

    /// The items of draft claims as they are now, to name their lines.
    func liveItems(of claims: [Claim], householdId: UUID) async throws -> [UUID: InventoryItem] {
        let ids = claims.filter { $0.status == .draft }.flatMap { $0.lines.map(\.itemId) }
        return ids.isEmpty ? [:] : try await services.inventory.items(ids: ids, householdId: householdId)
    }
}

import Foundation
import HearthAPI
import HearthCore

/// The inventory's lock: when it locks itself in a browser (see ``InventoryLock``).
extension HearthAPIService {
    func getInventoryLock(_ input: Operations.GetInventoryLock.Input) async throws -> Operations.GetInventoryLock.Output {
        .ok(.init(body: .json(Self.dto(try APIRequest.requireUser().inventoryLock))))
    }

    func putInventoryLock(_ input: Operations.PutInventoryLock.Input) async throws -> Operations.PutInventoryLock.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        // The schema's names are the domain's, so a request that decoded names a known lock.
        guard let lock = InventoryLock(choice: body.lockAfter.rawValue) else { throw AccountError.invalidInventoryLock }
        try await services.accountService.setInventoryLock(lock, for: user, session: APIRequest.current.sessionHash)
        return .ok(.init(body: .json(Self.dto(lock))))
    }

    static func dto(_ lock: InventoryLock) -> Components.Schemas.InventoryLockSetting {
        .init(lockAfter: .init(rawValue: lock.choice) ?? .never)
    }
}

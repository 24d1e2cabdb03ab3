import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// Where you are signed in: browsers' sessions and API tokens, each signed out on its own.
extension HearthAPIService {
    func listSessions(_ input: Operations.ListSessions.Input) async throws -> Operations.ListSessions.Output {
        let user = try APIRequest.requireUser()
        let devices = try await services.credentials.devices(userId: user.id, currentTokenHash: APIRequest.current.credentialHash)
        return .ok(.init(body: .json(.init(sessions: devices.map(Components.Schemas.SignedInSession.init)))))
    }

    func deleteSession(_ input: Operations.DeleteSession.Input) async throws -> Operations.DeleteSession.Output {
        let user = try APIRequest.requireUser()
        guard let id = UUID(uuidString: input.path.id), try await services.credentials.signOut(deviceId: id, userId: user.id)
        else { throw AccountError.notFound }
        return .noContent
    }
}

extension Components.Schemas.SignedInSession {
    init(_ device: SignedInDevice) {
        self.init(id: device.id.text, kind: device.kind == .session ? .session : .token, name: device.name,
                  device: DeviceName.describe(userAgent: device.origin.userAgent), address: device.origin.address,
                  createdAt: device.createdAt, lastUsedAt: device.lastUsedAt, current: device.isCurrent)
    }
}

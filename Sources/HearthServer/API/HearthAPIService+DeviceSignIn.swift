import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// Signing in the CLI through a browser (``DeviceSignIns``).
extension HearthAPIService {
    func startDeviceSignIn(_ input: Operations.StartDeviceSignIn.Input) async throws -> Operations.StartDeviceSignIn.Output {
        let body = switch input.body { case .json(let body): body }
        let started = try await services.deviceSignIns.start(deviceName: body.deviceName, address: APIRequest.current.clientAddress)
        let page = services.configuration.publicURL?.appending(path: "auth/device").absoluteString ?? APIRequest.current.serverAddress + "/auth/device"
        return .created(.init(body: .json(.init(
            code: started.code, pollToken: started.pollToken, verificationUrl: page + "?code=" + started.code,
            expiresIn: Int(CredentialStore.deviceSignInLifetime), interval: DeviceSignIns.interval
        ))))
    }

    func takeDeviceToken(_ input: Operations.TakeDeviceToken.Input) async throws -> Operations.TakeDeviceToken.Output {
        let body = switch input.body { case .json(let body): body }
        try Self.limit(body.pollToken, field: "pollToken", to: 200)
        switch try await services.deviceSignIns.take(pollToken: body.pollToken, origin: APIRequest.current.origin) {
        case nil:
            throw AccountError.deviceSignInGone
        case .pending:
            return .accepted(.init())
        case .token(let token, let secret):
            return .created(.init(body: .json(.init(id: token.id.text, name: token.name, token: secret))))
        }
    }
}

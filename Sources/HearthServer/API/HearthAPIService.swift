import Foundation
import HearthAPI
import HearthCore

/// Implements the generated `APIProtocol`: maps DTOs to domain calls and back.
struct HearthAPIService: APIProtocol {
    let services: AppServices

    func register(_ input: Operations.Register.Input) async throws -> Operations.Register.Output {
        let body = switch input.body { case .json(let body): body }
        let user = try await services.accountService.register(name: body.name, email: body.email, password: body.password,
                                                                  timeZone: body.timeZone, address: APIRequest.current.clientAddress)
        return .created(.init(body: .json(.init(user))))
    }

    func createToken(_ input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        let body = switch input.body { case .json(let body): body }
        // An unknown zone is ignored (the device may know zones this server does not), but one the
        // document forbids is refused like any other field that breaks it.
        try Self.limit(body.timeZone, field: "timeZone", to: 64)
        try Self.limit(body.code, field: "code", to: 64)
        try services.accountService.requirePasswordSignIn()
        let signedIn = try await services.accountService.authenticate(email: body.email, password: body.password, code: body.code,
                                                                       address: APIRequest.current.clientAddress)
        let user = try await services.accountService.adoptDeviceTimeZone(signedIn, device: body.timeZone)
        let created = try await services.accountService.createToken(for: user, name: body.name, origin: APIRequest.current.origin)
        return .created(.init(body: .json(.init(id: created.token.id.text, name: created.token.name, token: created.secret))))
    }

    func deleteToken(_ input: Operations.DeleteToken.Input) async throws -> Operations.DeleteToken.Output {
        let user = try APIRequest.requireUser()
        guard let id = UUID(uuidString: input.path.id),
              try await services.credentials.deleteToken(id: id, userId: user.id)
        else { throw AccountError.notFound }
        return .noContent
    }

    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        .ok(.init(body: .json(.init(try APIRequest.requireUser()))))
    }

    func getHousehold(_ input: Operations.GetHousehold.Input) async throws -> Operations.GetHousehold.Output {
        let user = try APIRequest.requireUser()
        guard let household = try await services.accounts.household(id: user.householdId) else { throw AccountError.notFound }
        let members = try await services.accounts.members(householdId: household.id)
        return .ok(.init(body: .json(.init(
            id: household.id.text, name: household.name,
            members: members.map { .init(id: $0.id.text, name: $0.name, email: $0.email) }
        ))))
    }

    /// A text field's `maxLength` from the document, which the generated decoder does not check
    /// (counted as JSON Schema counts: in code points).
    static func limit(_ text: String?, field: String, to maximum: Int) throws {
        if let text, text.unicodeScalars.count > maximum { throw HTTPErrorMessage.badRequest("“\(field)” must be at most \(maximum) characters.") }
    }
}

extension Components.Schemas.User {
    init(_ user: User) {
        self.init(id: user.id.text, name: user.name, email: user.email,
                  householdId: user.householdId.text, timeZone: user.timeZone)
    }
}

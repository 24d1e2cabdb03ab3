import Foundation
import HearthAPI
import HearthCore

/// The account's look (theme and accent colour), the same one Settings → Appearance saves.
extension HearthAPIService {
    func getAppearance(_ input: Operations.GetAppearance.Input) async throws -> Operations.GetAppearance.Output {
        .ok(.init(body: .json(Self.dto(try APIRequest.requireUser().appearance))))
    }

    func putAppearance(_ input: Operations.PutAppearance.Input) async throws -> Operations.PutAppearance.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        // The schema's enums are the domain's, so a request that decoded names a known theme and accent.
        let appearance = Appearance(theme: Theme(rawValue: body.theme.rawValue) ?? .system,
                                    accent: Accent(rawValue: body.accent.rawValue) ?? .tomato)
        try await services.accounts.updateAppearance(userId: user.id, appearance)
        return .ok(.init(body: .json(Self.dto(appearance))))
    }

    static func dto(_ appearance: Appearance) -> Components.Schemas.Appearance {
        .init(theme: .init(rawValue: appearance.theme.rawValue) ?? .system, accent: .init(rawValue: appearance.accent.rawValue) ?? .tomato)
    }
}

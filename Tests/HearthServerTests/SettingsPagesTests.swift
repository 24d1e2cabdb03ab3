import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct SettingsPagesTests {
    @Test func theChosenThemeIsInTheServedHTML() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let saved = try await user.post("/settings/appearance", ["theme": "eink", "accent": "ocean"])
            #expect(saved.status == .seeOther)
            let page = try await user.get("/settings")
            #expect(page.text.contains(#"data-theme="eink" data-accent="ocean""#))
        }
    }

    @Test func anUnknownThemeIsRefused() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let response = try await user.post("/settings/appearance", ["theme": "neon", "accent": "ocean"])
            #expect(response.status == .unprocessableContent)
            #expect(try await user.get("/settings").text.contains(#"data-theme="system""#))
        }
    }

    @Test func theAPISetsTheAppearanceEveryPageShows() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let api = APIClient(client: client)
            let token = try await api.signIn(email: "ada@example.org")
            let eve = try await api.signUp(name: "Eve", email: "eve@example.org")
            #expect(try await api.send(.get, "/api/v1/me/appearance", token: token).json() as NSDictionary
                == ["theme": "system", "accent": "tomato"])

            let saved = try await api.send(.put, "/api/v1/me/appearance", json: #"{"theme":"dark","accent":"forest"}"#, token: token)
            #expect(saved.status == .ok)
            #expect(try saved.json() as NSDictionary == ["theme": "dark", "accent": "forest"])
            #expect(try await user.get("/settings").text.contains(#"data-theme="dark" data-accent="forest""#))
            #expect(try await api.send(.get, "/api/v1/me/appearance", token: eve).json()["theme"] as? String == "system")
        }
    }

    @Test func theAPIRefusesAnUnknownThemeAndChangesNothing() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            for body in [#"{"theme":"neon","accent":"ocean"}"#, #"{"theme":"dark"}"#, #"{"theme":"dark","accent":"ocean","font":"big"}"#] {
                #expect(try await api.send(.put, "/api/v1/me/appearance", json: body, token: token).status == .badRequest)
            }
            #expect(try await api.send(.get, "/api/v1/me/appearance", token: token).json()["theme"] as? String == "system")
        }
    }

    @Test func everyThemeAndAccentIsInTheAPI() {
        for theme in Theme.allCases { #expect(HearthAPIService.dto(Appearance(theme: theme)).theme.rawValue == theme.rawValue) }
        for accent in Accent.allCases { #expect(HearthAPIService.dto(Appearance(accent: accent)).accent.rawValue == accent.rawValue) }
    }

    @Test func profileChangesAreValidated() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let bad = try await user.post("/settings/profile", ["name": "Ada", "email": "not-an-email", "time_zone": "UTC"])
            #expect(bad.status == .unprocessableContent)
            let zone = try await user.post("/settings/profile", ["name": "Ada", "email": "ada@example.org", "time_zone": "Mars/Olympus"])
            #expect(zone.status == .unprocessableContent)
            let good = try await user.post("/settings/profile", ["name": "Ada L.", "email": "ada@example.org", "time_zone": "Europe/Berlin"])
            #expect(good.status == .seeOther)
            let profile = try await user.get("/settings/profile")
            #expect(profile.text.contains(#"value="Ada L.""#))
            #expect(profile.text.contains(#"<option value="Europe/Berlin" selected>"#))
        }
    }

    @Test func changingThePasswordNeedsTheCurrentOneAndSignsOutOtherSessions() async throws {
        try await withApp { client in
            let laptop = WebUser(client)
            try await laptop.register(email: "ada@example.org")
            let phone = WebUser(client)
            try await phone.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])

            let wrong = try await laptop.post("/settings/password", ["current_password": "nope nope nope", "new_password": "a new long password"])
            #expect(wrong.status == .forbidden)
            let changed = try await laptop.post("/settings/password", ["current_password": "correct horse battery", "new_password": "a new long password"])
            #expect(changed.status == .seeOther)

            #expect(try await laptop.get("/settings").status == .ok)
            #expect(try await phone.get("/settings").status == .seeOther)
        }
    }

    @Test func deletingTheAccountNeedsThePassword() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            #expect(try await user.post("/settings/delete-account", ["password": "wrong password"]).status == .forbidden)
            #expect(try await user.post("/settings/delete-account", ["password": "correct horse battery"]).status == .seeOther)
            let again = try await WebUser(client).post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
            #expect(again.status == .unauthorized)
        }
    }

    @Test func aTokenIsShownOnceAndCanBeRevoked() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let created = try await user.post("/settings/tokens", ["name": "laptop"])
            let secret = try #require(created.text.firstMatch(of: /id="new-token">(hth_[A-Za-z0-9_-]+)</)?.1)
            let api = APIClient(client: client)
            #expect(try await api.send(.get, "/api/v1/me", token: String(secret)).status == .ok)

            let listed = try await user.get("/settings/tokens")
            #expect(!listed.text.contains(String(secret)))
            let id = try #require(listed.text.firstMatch(of: /\/settings\/tokens\/([0-9A-F-]+)\/revoke/)?.1)
            #expect(try await user.post("/settings/tokens/\(id)/revoke").status == .seeOther)
            #expect(try await api.send(.get, "/api/v1/me", token: String(secret)).status == .unauthorized)
        }
    }

    @Test func anotherUserCannotRevokeMyTokenFromTheirPage() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            try await ada.post("/settings/tokens", ["name": "laptop"])
            let id = try #require(try await ada.get("/settings/tokens").text.firstMatch(of: /\/settings\/tokens\/([0-9A-F-]+)\/revoke/)?.1)
            let eve = WebUser(client)
            try await eve.register(name: "Eve", email: "eve@example.org")
            #expect(try await eve.post("/settings/tokens/\(id)/revoke").status == .notFound)
            #expect(try await ada.get("/settings/tokens").text.contains("/settings/tokens/\(id)/revoke"))
        }
    }
}

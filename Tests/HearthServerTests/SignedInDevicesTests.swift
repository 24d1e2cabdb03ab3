import Foundation
import HearthCore
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Where you are signed in: sessions and tokens listed with their device, each signed out on its own.
@Suite struct SignedInDevicesTests {
    static let phone = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"

    @Test func theListShowsEverySessionAndTokenAndEachSignsOutAlone() async throws {
        try await withApp { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let phone = WebUser(client)
            try await phone.send("/login", method: .get)
            let signedIn = try await phone.send("/login", method: .post, contentType: "application/x-www-form-urlencoded",
                                                body: "email=ada%40example.org&password=correct+horse+battery&csrf_token=\(phone.cookies["hearth_csrf"]!)",
                                                headers: [.userAgent: Self.phone])
            #expect(signedIn.status == .seeOther)

            let listed = try #require(try await api.send(.get, "/api/v1/auth/sessions", token: token).json()["sessions"] as? [[String: Any]])
            #expect(listed.count == 2)
            let session = try #require(listed.first { $0["kind"] as? String == "session" })
            let own = try #require(listed.first { $0["kind"] as? String == "token" })
            #expect(session["device"] as? String == "Chrome on Android" && session["current"] as? Bool == false)
            #expect(own["name"] as? String == "test" && own["current"] as? Bool == true && own["device"] as? String == "Unknown device")

            // Another account cannot see or end Ada's.
            let bob = try await api.signUp(email: "bob@example.org")
            #expect(try await api.send(.delete, "/api/v1/auth/sessions/\(session["id"] as! String)", token: bob).status == .notFound)
            #expect(try await phone.get("/settings/security").status == .ok)

            #expect(try await api.send(.delete, "/api/v1/auth/sessions/\(session["id"] as! String)", token: token).status == .noContent)
            let after = try await phone.get("/settings/security")
            #expect(after.status == .seeOther) // signed out: off to the sign-in page
            #expect(try await api.send(.delete, "/api/v1/auth/sessions/\(session["id"] as! String)", token: token).status == .notFound)
        }
    }

    @Test func theSecurityPageSignsOutEveryOtherBrowserButKeepsTokens() async throws {
        try await withApp { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let laptop = WebUser(client)
            try await laptop.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
            let token = try await APIClient(client: client).signIn(email: "ada@example.org")
            let page = try await ada.get("/settings/security")
            #expect(page.text.contains("id=\"this-device\"") && page.text.contains("API token “test”"))
            #expect(page.text.matches(of: /class="danger sign-out-device"/).count == 2) // the laptop and the token
            let done = try await ada.post("/settings/security/devices/sign-out-others")
            #expect(done.headers[.location] == "/settings/security?notice=others-signed-out")
            #expect(try await laptop.get("/settings/security").status == .seeOther)
            #expect(try await ada.get("/settings/security").status == .ok)
            #expect(try await APIClient(client: client).send(.get, "/api/v1/me", token: token).status == .ok)
        }
    }
}

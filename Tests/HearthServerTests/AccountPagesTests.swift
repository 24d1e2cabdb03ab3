import Foundation
import HearthCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct AccountPagesTests {
    @Test func signInPageSetsACSRFCookieAndPutsItInTheForm() async throws {
        try await withApp { client in
            let user = WebUser(client)
            let page = try await user.get("/login")
            #expect(page.status == .ok)
            let token = try #require(user.cookies["hearth_csrf"])
            #expect(page.text.contains(#"name="csrf_token" value="\#(token)""#))
            #expect(page.headers[.setCookie]?.contains("HttpOnly") == true)
            #expect(page.headers[.setCookie]?.contains("SameSite=Lax") == true)
        }
    }

    @Test func aFormWithoutTheRightCSRFTokenIsRefusedAndChangesNothing() async throws {
        try await withApp { client in
            let user = WebUser(client)
            let refused = try await user.post("/register", ["name": "Ada", "email": "ada@example.org", "password": "correct horse battery"],
                                              csrf: "forged")
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("This form has expired"))
            // No account was created: signing in fails.
            let signIn = try await user.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
            #expect(signIn.status == .unauthorized)
        }
    }

    @Test func registeringSignsInWithASecureSessionCookie() async throws {
        try await withApp { client in
            let user = WebUser(client)
            let response = try await user.register(email: "ada@example.org")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/welcome", "a new household starts with the welcome")
            let cookie = try #require(response.headers[values: .setCookie].first { $0.hasPrefix("hearth_session=") })
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(cookie.contains("Max-Age=2592000"))
            let settings = try await user.get("/settings")
            #expect(settings.status == .ok)
            #expect(settings.text.contains("ada@example.org"))
        }
    }

    @Test func registrationErrorsAreShownOnTheForm() async throws {
        try await withApp { client in
            let user = WebUser(client)
            let response = try await user.register(email: "ada@example.org", password: "short")
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("Password must be at least 10 characters."))
            #expect(response.text.contains(#"value="ada@example.org""#))
        }
    }

    @Test func aWrongPasswordShowsAMessage() async throws {
        try await withApp { client in
            try await WebUser(client).register(email: "ada@example.org")
            let other = WebUser(client)
            let response = try await other.post("/login", ["email": "ada@example.org", "password": "not my password"])
            #expect(response.status == .unauthorized)
            #expect(response.text.contains("Email or password is wrong."))
            #expect(other.cookies["hearth_session"] == nil)
        }
    }

    @Test func signInReturnsToTheRequestedPageOnThisSiteOnly() async throws {
        try await withApp { client in
            try await WebUser(client).register(email: "ada@example.org")
            let user = WebUser(client)
            let local = try await user.post("/login", ["email": "ada@example.org", "password": "correct horse battery", "next": "/settings/tokens"])
            #expect(local.headers[.location] == "/settings/tokens")
            for next in ["//evil.example", "/\t/evil.example", "/\\evil.example", "https://evil.example"] {
                let foreign = try await WebUser(client).post("/login", ["email": "ada@example.org", "password": "correct horse battery", "next": next])
                #expect(foreign.headers[.location] == "/focus", "next: \(next)")
            }
        }
    }

    @Test func signOutEndsTheSession() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let session = try #require(user.cookies["hearth_session"])
            try await user.post("/logout")
            #expect(user.cookies["hearth_session"] == nil)
            // The old cookie no longer works, even if someone kept it.
            let replay = WebUser(client)
            _ = try await replay.get("/login")
            let page = try await client.execute(uri: "/settings", method: .get, headers: [.cookie: "hearth_session=\(session)"])
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/login?next=/settings")
        }
    }

    @Test func signingInWithAStaleSessionCookieKeepsTheNewSession() async throws {
        try await withApp { client in
            try await WebUser(client).register(email: "ada@example.org")
            let user = WebUser(client)
            _ = try await user.get("/login")
            // A cookie from a session that no longer exists, as after a server-side sign-out.
            let headers: HTTPFields = [.cookie: "hearth_session=stale; hearth_csrf=\(user.cookies["hearth_csrf"]!)",
                                       .contentType: "application/x-www-form-urlencoded"]
            let body = "email=ada%40example.org&password=correct+horse+battery&csrf_token=\(user.cookies["hearth_csrf"]!)"
            let response = try await client.execute(uri: "/login", method: .post, headers: headers, body: ByteBuffer(string: body))
            let sessionCookies = response.headers[values: .setCookie].filter { $0.hasPrefix("hearth_session=") }
            #expect(sessionCookies.count == 1)
            #expect(sessionCookies.first?.hasPrefix("hearth_session=stale") == false)
            #expect(sessionCookies.first?.contains("Max-Age=0") == false)
        }
    }

    @Test func registeringFromAnInviteLinkReturnsToIt() async throws {
        try await withApp { client in
            let user = WebUser(client)
            let form = try await user.get("/register?next=/invite/abc")
            #expect(form.text.contains(#"name="next" value="/invite/abc""#))
            let response = try await user.post("/register", ["name": "Bob", "email": "bob@example.org",
                                                             "password": "correct horse battery", "next": "/invite/abc"])
            #expect(response.headers[.location] == "/invite/abc")
        }
    }

    @Test func theErrorPageCanSignOut() async throws {
        try await withApp { client in
            let user = WebUser(client)
            try await user.register(email: "ada@example.org")
            let page = try await user.get("/no/such/page")
            #expect(page.text.contains(#"name="csrf_token" value="\#(user.cookies["hearth_csrf"]!)""#))
        }
    }

    @Test func pagesNeedASignedInUser() async throws {
        try await withApp { client in
            let response = try await WebUser(client).get("/settings/profile")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/login?next=/settings/profile")
        }
    }

    @Test func anUnknownPageIsAnHTMLNotFoundPage() async throws {
        try await withApp { client in
            let response = try await WebUser(client).get("/no/such/page")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(response.text.contains("Page not found"))
        }
    }

    @Test func staticFilesAreCachedForAYear() async throws {
        try await withApp { client in
            let response = try await WebUser(client).get("/css/app.css")
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl]?.contains("max-age=31536000") == true)
            // Modules import each other by plain path, so scripts are revalidated instead.
            let script = try await WebUser(client).get("/js/focus-clock.js")
            #expect(script.status == .ok)
            #expect(script.headers[.cacheControl] == "no-cache")
        }
    }
}

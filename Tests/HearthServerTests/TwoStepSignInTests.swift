import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Two-step sign-in through the API (tokens, the CLI's way in) and the pages.
@Suite struct TwoStepSignInTests {
    let clock = VirtualClock()
    static let credentials = #""email":"ada@example.org","password":"correct horse battery""#

    /// Turns two-step sign-in on for `token`'s user; answers the app (to make codes) and the recovery codes.
    static func turnOn(_ api: APIClient, token: String, clock: VirtualClock) async throws -> (TOTP, [String]) {
        let setup = try await api.send(.post, "/api/v1/auth/totp/setup", token: token)
        #expect(setup.status == .ok)
        let secret = try #require(try setup.json()["secret"] as? String)
        #expect((try setup.json()["otpauthUrl"] as? String)?.hasPrefix("otpauth://totp/Hearth%3Aada@example.org?secret=\(secret)") == true)
        let app = TOTP(secret: try #require(Base32.decode(secret)))
        let password = #""password":"correct horse battery""#
        let wrong = try await api.send(.post, "/api/v1/auth/totp/enable", json: #"{"code":"000000",\#(password)}"#, token: token)
        #expect(wrong.status == .forbidden)
        // Not with a session or token alone: whoever turns it on knows the password.
        let noPassword = try await api.send(.post, "/api/v1/auth/totp/enable",
                                            json: #"{"code":"\#(app.code(at: clock.now))","password":"a guess at it"}"#, token: token)
        #expect(noPassword.status == .forbidden)
        let enabled = try await api.send(.post, "/api/v1/auth/totp/enable", json: #"{"code":"\#(app.code(at: clock.now))",\#(password)}"#, token: token)
        #expect(enabled.status == .ok)
        let codes = try #require(try enabled.json()["recoveryCodes"] as? [String])
        #expect(codes.count == 10)
        return (app, codes)
    }

    @Test func withTwoStepOnATokenNeedsACodeEachGoodOnce() async throws {
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let (app, recoveryCodes) = try await Self.turnOn(api, token: token, clock: clock)
            let state = try await api.send(.get, "/api/v1/auth/totp", token: token)
            #expect(try state.json()["enabled"] as? Bool == true && state.json()["recoveryCodesLeft"] as? Int == 10)

            let bare = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials)}"#)
            #expect(bare.status == .unauthorized)
            #expect(try bare.json()["type"] as? String == "urn:hearth:problem:two-step-code-needed")
            let wrong = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials),"code":"123 456"}"#)
            #expect(wrong.status == .unauthorized)
            #expect(try wrong.json()["type"] as? String == "about:blank")

            clock.advance(by: 30) // the code that turned it on was used already
            let code = app.code(at: clock.now)
            let signedIn = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials),"code":"\#(code)"}"#)
            #expect(signedIn.status == .created)
            let again = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials),"code":"\#(code)"}"#)
            #expect(again.status == .unauthorized)

            let recovery = recoveryCodes[3].uppercased()
            let withRecovery = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials),"code":"\#(recovery)"}"#)
            #expect(withRecovery.status == .created)
            let recoveryAgain = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials),"code":"\#(recovery)"}"#)
            #expect(recoveryAgain.status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/auth/totp", token: token).json()["recoveryCodesLeft"] as? Int == 9)
        }
    }

    @Test func tenWrongCodesMakeTheAccountWaitWhereverTheyComeFrom() async throws {
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let (app, _) = try await Self.turnOn(api, token: token, clock: clock)
            for guess in 0..<10 {
                let wrong = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials),"code":"\#(String(format: "%06d", guess))"}"#)
                #expect(wrong.status == .unauthorized)
            }
            clock.advance(by: 30)
            let refused = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials),"code":"\#(app.code(at: clock.now))"}"#)
            #expect(refused.status == .tooManyRequests)
            clock.advance(by: 15 * 60)
            let later = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials),"code":"\#(app.code(at: clock.now))"}"#)
            #expect(later.status == .created)
        }
    }

    @Test func theServersOwnerResettingAPasswordTurnsTwoStepOff() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-reset-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let onDisk: (inout AppConfiguration) -> Void = { configuration in
            configuration.inMemoryDatabase = false
            configuration.dataDirectory = folder.path
        }
        try await withApp(clock: clock, configure: onDisk) { client in
            let api = APIClient(client: client)
            _ = try await Self.turnOn(api, token: try await api.signUp(email: "ada@example.org"), clock: clock)
        }
        var configuration = AppConfiguration.testing(clock: clock)
        onDisk(&configuration)
        try await Administration.resetPassword(configuration, email: "ada@example.org", password: "a new long password")
        try await withApp(clock: clock, configure: onDisk) { client in
            let signedIn = try await APIClient(client: client).send(.post, "/api/v1/auth/tokens",
                json: #"{"name":"cli","email":"ada@example.org","password":"a new long password"}"#)
            #expect(signedIn.status == .created)
        }
    }

    @Test func turningItOffNeedsThePasswordOrACode() async throws {
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            _ = try await Self.turnOn(api, token: token, clock: clock)
            #expect(try await api.send(.post, "/api/v1/auth/totp/setup", token: token).status == .conflict)
            let wrong = try await api.send(.delete, "/api/v1/auth/totp", json: #"{"password":"not my password"}"#, token: token)
            #expect(wrong.status == .forbidden)
            #expect(try await api.send(.get, "/api/v1/auth/totp", token: token).json()["enabled"] as? Bool == true)
            let off = try await api.send(.delete, "/api/v1/auth/totp", json: #"{"password":"correct horse battery"}"#, token: token)
            #expect(off.status == .noContent)
            #expect(try await api.send(.get, "/api/v1/auth/totp", token: token).json()["recoveryCodesLeft"] as? Int == 0)
            let bare = try await api.send(.post, "/api/v1/auth/tokens", json: #"{"name":"cli",\#(Self.credentials)}"#)
            #expect(bare.status == .created)
        }
    }

    @Test func thePageAsksForTheCodeAfterThePassword() async throws {
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            let (app, recoveryCodes) = try await Self.turnOn(api, token: token, clock: clock)
            let ada = WebUser(client)
            let first = try await ada.post("/login", ["email": "ada@example.org", "password": "correct horse battery", "next": "/lists"])
            #expect(first.status == .ok && first.text.contains("Two-step sign-in"))
            #expect(ada.cookies["hearth_session"] == nil)
            let ticket = try #require(first.text.firstMatch(of: /name="ticket" value="([^"]+)"/)?.1).description

            let wrong = try await ada.post("/login/code", ["ticket": ticket, "code": "000000", "next": "/lists"])
            #expect(wrong.status == .unauthorized && wrong.text.contains("That code is not right"))
            clock.advance(by: 30)
            let signedIn = try await ada.post("/login/code", ["ticket": ticket, "code": app.code(at: clock.now), "next": "/lists"])
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/lists")
            #expect(ada.cookies["hearth_session"] != nil)

            // A ticket is good for 5 minutes; a later second step starts again.
            let bob = WebUser(client)
            let late = try await bob.post("/login", ["email": "ada@example.org", "password": "correct horse battery"])
            let lateTicket = try #require(late.text.firstMatch(of: /name="ticket" value="([^"]+)"/)?.1).description
            clock.advance(by: SignInTicket.lifetime + 1)
            let expired = try await bob.post("/login/code", ["ticket": lateTicket, "code": recoveryCodes[0]])
            #expect(expired.status == .unauthorized && expired.text.contains("This sign-in has expired"))
            // A ticket works only in the browser that began the sign-in.
            let carol = WebUser(client)
            #expect(try await carol.post("/login/code", ["ticket": ticket, "code": recoveryCodes[0]]).status == .unauthorized)
            let forged = try await bob.post("/login/code", ["ticket": "bm90IGEgdGlja2V0", "code": recoveryCodes[0]])
            #expect(forged.status == .unauthorized && bob.cookies["hearth_session"] == nil)
        }
    }

    @Test func theSecurityPageSetsItUpWithAQRCodeAndShowsTheRecoveryCodesOnce() async throws {
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            #expect(try await ada.get("/settings/security").text.contains("id=\"two-step-setup\""))
            let setup = try await ada.post("/settings/security/two-step/setup")
            #expect(setup.text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            let secret = try #require(setup.text.firstMatch(of: /id="two-step-secret">([A-Z2-7 ]+)</)?.1).filter { $0 != " " }
            let app = TOTP(secret: try #require(Base32.decode(String(secret))))
            let wrong = try await ada.post("/settings/security/two-step/enable", ["code": "000000", "password": "correct horse battery"])
            #expect(wrong.status == .forbidden && wrong.text.contains(String(secret.prefix(4)))) // the same QR code again
            let unconfirmed = try await ada.post("/settings/security/two-step/enable", ["code": app.code(at: clock.now), "password": "a guess"])
            #expect(unconfirmed.status == .forbidden && unconfirmed.text.contains("That password or code is not right"))
            let enabled = try await ada.post("/settings/security/two-step/enable", ["code": app.code(at: clock.now), "password": "correct horse battery"])
            #expect(enabled.text.matches(of: /<li><code>[a-z2-9]{4}-[a-z2-9]{4}<\/code><\/li>/).count == 10)
            let later = try await ada.get("/settings/security")
            #expect(later.text.contains("10 of 10 recovery codes left") && !later.text.contains("<li><code>"))
            let off = try await ada.post("/settings/security/two-step/off", ["password": "correct horse battery"])
            #expect(off.status == .seeOther)
            #expect(try await ada.get("/settings/security?notice=two-step-off").text.contains("Two-step sign-in is off"))
        }
    }
}

import Foundation
import HearthCore
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Confirming it is you again: a browser's session may download a backup, restore with replace
/// and create an API token within 10 minutes of signing in or confirming; API tokens are not asked.
@Suite struct ConfirmationTests {
    let clock = VirtualClock()
    static let confirmationNeeded = "urn:hearth:problem:confirmation-needed"

    @Test func aBackupDownloadsForTenMinutesAfterSigningInThenAsksToConfirm() async throws {
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            #expect(try await ada.api(.get, "/api/v1/backup?media=false").status == .ok)
            #expect(try await ada.get("/settings/backups").text.contains("id=\"backup-zip\""))

            clock.advance(by: 10 * 60 + 1)
            let refused = try await ada.api(.get, "/api/v1/backup?media=false")
            #expect(refused.status == .forbidden)
            #expect(try refused.json()["type"] as? String == Self.confirmationNeeded)
            let page = try await ada.get("/settings/backups")
            #expect(page.text.contains("id=\"confirm-form\"") && !page.text.contains("id=\"backup-zip\""))
            #expect(!page.text.contains("id=\"confirm-code\"")) // no authenticator app: the password alone

            let wrong = try await ada.post("/confirm", ["password": "a guess", "next": "/settings/backups"])
            #expect(wrong.status == .forbidden && wrong.text.contains("That password or code is not right"))
            #expect(try await ada.api(.get, "/api/v1/backup?media=false").status == .forbidden)
            let confirmed = try await ada.post("/confirm", ["password": "correct horse battery", "next": "/settings/backups"])
            #expect(confirmed.headers[.location] == "/settings/backups?notice=confirmed")
            #expect(try await ada.api(.get, "/api/v1/backup?media=false").status == .ok)
            #expect(try await ada.get("/settings/backups").text.contains("data-confirmation-seconds-left=\"600\""))
        }
    }

    @Test func anAPITokenIsNeverAskedToConfirm() async throws {
        try await withApp(clock: clock) { client in
            let api = APIClient(client: client)
            let token = try await api.signUp(email: "ada@example.org")
            clock.advance(by: 24 * 3600)
            #expect(try await api.send(.get, "/api/v1/backup?media=false", token: token).status == .ok)
            let state = try await api.send(.get, "/api/v1/auth/confirm", token: token).json()
            #expect(state["confirmed"] as? Bool == true && state["expiresAt"] == nil)
        }
    }

    @Test func replacingFromABackupAsksToConfirmButMergingAndPreviewingDoNot() async throws {
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let backup = try await ada.api(.get, "/api/v1/backup?media=false")
            clock.advance(by: 11 * 60)
            func restore(_ query: String) async throws -> TestResponse {
                let boundary = "confirmation-test"
                let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"b.json\"\r\nContent-Type: application/json\r\n\r\n"
                    + backup.text + "\r\n--\(boundary)--\r\n"
                return try await ada.api(.post, "/api/v1/backup/restore?\(query)", body: body,
                                         contentType: "multipart/form-data; boundary=\(boundary)")
            }
            let replaced = try await restore("strategy=replace")
            #expect(replaced.status == .forbidden)
            #expect(try replaced.json()["type"] as? String == Self.confirmationNeeded)
            #expect(try await restore("strategy=replace&dryRun=true").status == .ok)
            #expect(try await restore("strategy=merge").status == .ok)

            let confirmed = try await ada.api(.post, "/api/v1/auth/confirm", body: #"{"password":"correct horse battery"}"#)
            #expect(confirmed.status == .ok)
            #expect(try confirmed.json()["confirmed"] as? Bool == true)
            #expect(try await restore("strategy=replace").status == .ok)
        }
    }

    @Test func creatingATokenOnThePageAsksToConfirmAndACodeConfirmsToo() async throws {
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let token = try await APIClient(client: client).signIn(email: "ada@example.org")
            let (app, _) = try await TwoStepSignInTests.turnOn(APIClient(client: client), token: token, clock: clock)
            #expect(try await ada.get("/settings/tokens").text.contains("id=\"token-form\""))

            clock.advance(by: 10 * 60 + 30)
            let page = try await ada.get("/settings/tokens")
            #expect(page.text.contains("id=\"confirm-code\"") && !page.text.contains("id=\"token-form\""))
            let refused = try await ada.post("/settings/tokens", ["name": "laptop"])
            #expect(refused.headers[.location] == "/confirm?next=/settings/tokens")
            #expect(try await ada.get("/confirm?next=/settings/tokens").text.contains("value=\"/settings/tokens\""))

            let confirmed = try await ada.post("/confirm", ["code": app.code(at: clock.now), "next": "/settings/tokens"])
            #expect(confirmed.headers[.location] == "/settings/tokens?notice=confirmed")
            let created = try await ada.post("/settings/tokens", ["name": "laptop"])
            #expect(created.status == .ok && created.text.contains("id=\"new-token\""))
        }
    }

    @Test func theConfirmationAPISaysUntilWhenAndRefusesAWrongPassword() async throws {
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            let fresh = try await ada.api(.get, "/api/v1/auth/confirm").json()
            #expect(fresh["confirmed"] as? Bool == true && fresh["expiresAt"] as? String != nil)
            clock.advance(by: 10 * 60 + 1)
            #expect(try await ada.api(.get, "/api/v1/auth/confirm").json()["confirmed"] as? Bool == false)

            let wrong = try await ada.api(.post, "/api/v1/auth/confirm", body: #"{"password":"a guess"}"#)
            #expect(wrong.status == .forbidden)
            // A code is no proof while two-step sign-in is off.
            #expect(try await ada.api(.post, "/api/v1/auth/confirm", body: #"{"code":"123456"}"#).status == .forbidden)
            #expect(try await ada.api(.post, "/api/v1/auth/confirm", body: "{}").status == .badRequest)
            #expect(try await ada.api(.get, "/api/v1/auth/confirm").json()["confirmed"] as? Bool == false)
        }
    }

    @Test func aKeptBackupAsksToConfirmBeforeItDownloads() async throws {
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            clock.advance(by: 10 * 60 + 1)
            let kept = try await ada.get("/settings/backups/files/hearth-backup-20270115-020000.zip")
            #expect(kept.status == .seeOther && kept.headers[.location] == "/confirm?next=/settings/backups")
        }
    }

    @Test func addingAPasskeyAsksToConfirmFirst() async throws {
        try await withApp(clock: clock) { client in
            let ada = WebUser(client)
            try await ada.register(email: "ada@example.org")
            #expect(try await ada.api(.post, "/api/v1/auth/passkeys/registration-options").status == .ok)
            #expect(try await ada.get("/settings/security").text.contains("id=\"passkey-add-form\""))
            clock.advance(by: 10 * 60 + 1)
            let refused = try await ada.api(.post, "/api/v1/auth/passkeys/registration-options")
            #expect(refused.status == .forbidden)
            #expect(try refused.json()["type"] as? String == Self.confirmationNeeded)
            let page = try await ada.get("/settings/security")
            #expect(page.text.contains("href=\"/confirm?next=/settings/security\"") && !page.text.contains("id=\"passkey-add-form\""))
            // Never with an API token: made with one, a passkey would outlive a password change.
            let token = try await APIClient(client: client).signIn(email: "ada@example.org")
            let withToken = try await APIClient(client: client).send(.post, "/api/v1/auth/passkeys/registration-options", token: token)
            #expect(withToken.status == .forbidden && withToken.text.contains("not with an API token"))
        }
    }
}

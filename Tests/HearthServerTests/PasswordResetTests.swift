import Foundation
import HearthCore
import HummingbirdTesting
import Testing
@testable import HearthServer

/// Password reset by mail through the API and the pages: the same answer for any address, limits,
/// and a link that sets a password once (the mail itself goes through a real SMTP server in the
/// browser tests; here it has nowhere to go).
@Suite struct PasswordResetTests {
    let clock = VirtualClock()

    func withMail(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        try await withApp(clock: clock, configure: { configuration in
            configuration.publicURL = URL(string: "https://hearth.example.org")
            configuration.mail = try? MailSettings(url: "smtp://127.0.0.1:9", from: nil)
        }, body)
    }

    @Test func everyAddressHearsTheSameAndOneClientAsksTenTimesAnHour() async throws {
        try await withMail { client in
            let api = APIClient(client: client)
            _ = try await api.signUp(email: "ada@example.org")
            #expect(try await api.send(.post, "/api/v1/auth/password-reset", json: #"{"email":"ada@example.org"}"#).status == .accepted)
            for _ in 0..<9 {
                #expect(try await api.send(.post, "/api/v1/auth/password-reset", json: #"{"email":"nobody@example.org"}"#).status == .accepted)
            }
            let refused = try await api.send(.post, "/api/v1/auth/password-reset", json: #"{"email":"ada@example.org"}"#)
            #expect(refused.status == .tooManyRequests)
            clock.advance(by: 3600)
            #expect(try await api.send(.post, "/api/v1/auth/password-reset", json: #"{"email":"ada@example.org"}"#).status == .accepted)
        }
    }

    @Test func anUnknownLinkIsNotFoundWhateverThePassword() async throws {
        try await withMail { client in
            let api = APIClient(client: client)
            let gone = try await api.send(.post, "/api/v1/auth/password-reset/complete", json: #"{"token":"nope","password":"a long new password"}"#)
            #expect(gone.status == .notFound)
            let short = try await api.send(.post, "/api/v1/auth/password-reset/complete", json: #"{"token":"nope","password":"short"}"#)
            #expect(short.status == .notFound) // the link first: a better password would not help
            let page = try await WebUser(client).get("/password/reset/nope")
            #expect(page.status == .notFound && page.text.contains("id=\"ask-again\""))
        }
    }

    @Test func withoutMailTheServersOwnerResetsPasswords() async throws {
        try await withApp { client in
            let answer = try await APIClient(client: client).send(.post, "/api/v1/auth/password-reset", json: #"{"email":"ada@example.org"}"#)
            #expect(answer.status == .conflict)
            #expect(try await WebUser(client).get("/password/forgot").text.contains("hearth user reset-password"))
        }
    }

    @Test func theMailSaysWhatToDoInPlainTextWithEncodedHeaders() throws {
        let user = User(id: UUID(), householdId: UUID(), name: "Zoë", email: "zoe@example.org", createdAt: .now, updatedAt: .now)
        let message = PasswordResets.message(to: user, from: "Hearth Zuhause <hearth@example.org>",
                                             link: URL(string: "https://hearth.example.org/password/reset/abc")!,
                                             address: "192.0.2.1", at: Date(timeIntervalSince1970: 1_800_000_000))
        let text = message.rendered(date: Date(timeIntervalSince1970: 1_800_000_000), messageID: "m@hearth")
        #expect(text.contains("From: Hearth Zuhause <hearth@example.org>\r\nTo: zoe@example.org\r\nSubject: Reset your Hearth password\r\n"))
        #expect(text.contains("Date: Fri, 15 Jan 2027 08:00:00 +0000\r\n"))
        let body = try #require(text.components(separatedBy: "\r\n\r\n").last)
        #expect(body.split(separator: "\r\n").allSatisfy { $0.count <= 76 })
        let decoded = String(decoding: try #require(Data(base64Encoded: body.replacingOccurrences(of: "\r\n", with: ""))), as: UTF8.self)
        #expect(decoded.contains("Hello Zoë,") && decoded.contains("https://hearth.example.org/password/reset/abc"))
        #expect(MailMessage.encodedMailbox("Zoë <z@example.org>") == "=?utf-8?B?Wm/Dqw==?= <z@example.org>")
    }
}

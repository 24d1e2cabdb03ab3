import Foundation
import HearthCore
import HearthStore
import Logging
import Testing
@testable import HearthServer

@Suite struct TwoStepServiceTests {
    let clock = VirtualClock()

    func withService(_ body: (TwoStepService, User) async throws -> Void) async throws {
        let database = try await Database.open(.sqliteMemory, logger: Logger(label: "test"))
        try await database.migrate()
        let user = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
        let service = TwoStepService(credentials: CredentialStore(database: database, clock: clock), box: .ephemeral(), clock: clock)
        do { try await body(service, user) } catch {
            try? await database.close()
            throw error
        }
        try await database.close()
    }

    func app(_ setup: TwoStepService.Setup) throws -> TOTP {
        TOTP(secret: try #require(Base32.decode(setup.secret)))
    }

    @Test func onlyAConfirmedSecretTurnsItOnAndThenACodeIsNeeded() async throws {
        try await withService { service, ada in
            await #expect(throws: AccountError.twoStepNotSetUp) { _ = try await service.confirm(for: ada, code: "123456") }
            let first = try await service.begin(for: ada)
            let setup = try await service.begin(for: ada) // a second setup replaces the first
            #expect(setup.provisioningURL.contains("secret=\(setup.secret)") && first.secret != setup.secret)
            await #expect(throws: AccountError.setupCodeWrong) { _ = try await service.confirm(for: ada, code: try app(first).code(at: clock.now)) }
            #expect(try await service.isOn(userId: ada.id) == false)

            let codes = try await service.confirm(for: ada, code: try app(setup).code(at: clock.now))
            #expect(codes.count == 10 && Set(codes).count == 10)
            #expect(codes.allSatisfy { $0.count == 9 && $0.dropFirst(4).first == "-" })
            #expect(try await service.isOn(userId: ada.id))
            await #expect(throws: AccountError.twoStepAlreadyOn) { _ = try await service.begin(for: ada) }
        }
    }

    @Test func eachCodeSignsInOnceAndRecoveryCodesForgiveTheirWriting() async throws {
        try await withService { service, ada in
            let setup = try await service.begin(for: ada)
            let totp = try app(setup)
            let codes = try await service.confirm(for: ada, code: totp.code(at: clock.now))
            // The confirming code is used; the next step's works once.
            await #expect(throws: AccountError.wrongCode) { try await service.verify(userId: ada.id, code: totp.code(at: clock.now)) }
            clock.advance(by: 30)
            try await service.verify(userId: ada.id, code: totp.code(at: clock.now))
            await #expect(throws: AccountError.wrongCode) { try await service.verify(userId: ada.id, code: totp.code(at: clock.now)) }
            clock.advance(by: 90)
            await #expect(throws: AccountError.wrongCode) { try await service.verify(userId: ada.id, code: "000000") }
            try await service.verify(userId: ada.id, code: " " + codes[0].uppercased().replacingOccurrences(of: "-", with: " ") + " ")
            await #expect(throws: AccountError.wrongCode) { try await service.verify(userId: ada.id, code: codes[0]) }
            try await service.verify(userId: ada.id, code: codes[1])
            try await service.disable(userId: ada.id)
            #expect(try await service.isOn(userId: ada.id) == false)
            await #expect(throws: AccountError.wrongCode) { try await service.verify(userId: ada.id, code: codes[2]) }
        }
    }

    @Test func recoveryCodesAreKeptUnderTheServersKeyAndTheUser() async throws {
        try await withService { service, ada in
            let code = "k7pm-x3qa"
            let kept = service.recoveryHash(code, userId: ada.id)
            #expect(kept == service.recoveryHash("K7PM X3QA", userId: ada.id))
            #expect(kept != service.recoveryHash(code, userId: UUID()))
            #expect(kept != SecretToken.hash("k7pmx3qa") && kept != SecretToken.hash(code))
            let otherServer = TwoStepService(credentials: service.credentials, box: .ephemeral(), clock: clock)
            #expect(kept != otherServer.recoveryHash(code, userId: ada.id))
        }
    }
}

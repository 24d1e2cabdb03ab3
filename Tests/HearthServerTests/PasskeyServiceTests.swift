import Foundation
import HearthCore
import HearthPush
import HearthStore
import Logging
import Testing
@testable import HearthServer

/// Passkeys kept and used through the real store, with the fido2 vectors' answers: a challenge
/// counts once, for what it was handed out for; a removed passkey, a counter that went back and
/// another account's passkey are refused.
@Suite struct PasskeyServiceTests {
    let clock = VirtualClock()
    let vector = RelyingPartyTests.vector("es256")

    /// Ada, a passkey service for the vectors' site, and the vector's passkey added for her.
    func withAdasPasskey(_ body: (PasskeyService, CredentialStore, User, User) async throws -> Void) async throws {
        let database = try await Database.open(.sqliteMemory, logger: Logger(label: "test"))
        try await database.migrate()
        let accounts = AccountStore(database: database, clock: clock)
        let credentials = CredentialStore(database: database, clock: clock)
        let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
        let bob = try await accounts.register(name: "Bob", email: "bob@example.org", passwordHash: "h")
        let service = PasskeyService(credentials: credentials, accounts: accounts,
                                     party: RelyingParty(id: RelyingPartyTests.vectors.rpId, origins: [RelyingPartyTests.vectors.origin]))
        try await credentials.createPasskeyChallenge(vector.registration.challenge, userId: ada.id, purpose: .register)
        let added = try await service.register(.init(credentialId: vector.credentialId, clientDataJSON: vector.registration.clientDataJSON,
                                                     attestationObject: vector.registration.attestationObject), name: "Ada's phone", for: ada)
        #expect(added.name == "Ada's phone" && added.credentialId == vector.credentialId && added.signCount == 0)
        do { try await body(service, credentials, ada, bob) } catch { try? await database.close(); throw error }
        try await database.close()
    }

    var answer: PasskeyService.Assertion {
        .init(credentialId: vector.credentialId, clientDataJSON: vector.assertion.clientDataJSON, authenticatorData: vector.assertion.authenticatorData,
              signature: vector.assertion.signature, userHandle: nil)
    }

    @Test func aPasskeySignsInOncePerChallenge() async throws {
        try await withAdasPasskey { service, credentials, ada, bob in
            await #expect(throws: PasskeyError.self) { try await service.signIn(answer) } // no such challenge handed out
            try await credentials.createPasskeyChallenge(vector.assertion.challenge, userId: nil, purpose: .signIn)
            #expect(try await service.signIn(answer).id == ada.id)
            #expect(try await credentials.passkeys(userId: ada.id).first?.signCount == 7)
            try await credentials.createPasskeyChallenge(vector.assertion.challenge, userId: nil, purpose: .signIn)
            await #expect(throws: PasskeyError.self) { try await service.signIn(answer) } // the counter did not go up
        }
    }

    @Test func aChallengeCountsOnlyForWhatAndWhomItWasHandedOutAndInItsTime() async throws {
        try await withAdasPasskey { service, credentials, ada, bob in
            try await credentials.createPasskeyChallenge(vector.assertion.challenge, userId: ada.id, purpose: .confirm)
            await #expect(throws: PasskeyError.self) { try await service.signIn(answer) }
            await #expect(throws: PasskeyError.self) { try await service.confirm(answer, for: bob) }
            clock.advance(by: 5 * 60 + 1)
            try await credentials.createPasskeyChallenge(vector.assertion.challenge, userId: nil, purpose: .signIn)
            clock.advance(by: 5 * 60 + 1)
            await #expect(throws: PasskeyError.self) { try await service.signIn(answer) }
        }
    }

    @Test func anotherAccountCannotConfirmWithAdasPasskeyAndARemovedOneSignsInNoMore() async throws {
        try await withAdasPasskey { service, credentials, ada, bob in
            try await credentials.createPasskeyChallenge(vector.assertion.challenge, userId: bob.id, purpose: .confirm)
            await #expect(throws: PasskeyError.notConfirmed("it is another account's passkey")) { try await service.confirm(answer, for: bob) }
            clock.advance(by: 5 * 60 + 1) // Bob's challenge, untouched, runs out

            let passkey = try #require(try await credentials.passkeys(userId: ada.id).first)
            #expect(try await credentials.deletePasskey(id: passkey.id, userId: bob.id) == false)
            #expect(try await credentials.deletePasskey(id: passkey.id, userId: ada.id))
            try await credentials.createPasskeyChallenge(vector.assertion.challenge, userId: nil, purpose: .signIn)
            await #expect(throws: PasskeyError.notAccepted("it is not known here (it may have been removed)")) { try await service.signIn(answer) }
        }
    }

    @Test func theSamePasskeyIsAddedOnce() async throws {
        try await withAdasPasskey { service, credentials, ada, bob in
            try await credentials.createPasskeyChallenge(vector.registration.challenge, userId: ada.id, purpose: .register)
            await #expect(throws: PasskeyError.notAdded("this passkey is added already")) {
                try await service.register(.init(credentialId: vector.credentialId, clientDataJSON: vector.registration.clientDataJSON,
                                                 attestationObject: vector.registration.attestationObject), name: "Again", for: ada)
            }
        }
    }
}

import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct TwoStepStoreTests {
    let clock = VirtualClock()

    func ada(_ database: Database) async throws -> (CredentialStore, UUID) {
        let user = try await AccountStore(database: database, clock: clock).register(name: "Ada", email: "ada@example.org", passwordHash: "h")
        return (CredentialStore(database: database, clock: clock), user.id)
    }

    /// Ada with two-step sign-in on: confirmed at step 10, with the given recovery codes.
    func adaWithTwoStep(_ database: Database, recoveryCodes: [String]) async throws -> (CredentialStore, UUID) {
        let (credentials, ada) = try await ada(database)
        try await credentials.setPendingTwoStep(userId: ada, sealedSecret: "s")
        #expect(try await credentials.enableTwoStep(userId: ada, pendingSecret: "s", confirmedStep: 10, recoveryCodeHashes: recoveryCodes))
        return (credentials, ada)
    }

    @Test(arguments: Backend.available)
    func aSecretCountsOnlyOnceItsFirstCodeConfirmedIt(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (credentials, ada) = try await ada(database)
            #expect(try await credentials.enableTwoStep(userId: ada, pendingSecret: "first", confirmedStep: 10, recoveryCodeHashes: ["r1"]) == false)
            try await credentials.setPendingTwoStep(userId: ada, sealedSecret: "first")
            try await credentials.setPendingTwoStep(userId: ada, sealedSecret: "second")
            #expect(try await credentials.twoStep(userId: ada) == .init(sealedSecret: nil, sealedPendingSecret: "second", lastStep: nil))
            #expect(try await credentials.useTwoStepCode(userId: ada, step: 11) == false, "not on yet")

            // A code checked against the first secret does not turn on the second.
            #expect(try await credentials.enableTwoStep(userId: ada, pendingSecret: "first", confirmedStep: 10, recoveryCodeHashes: ["r1"]) == false)
            #expect(try await credentials.enableTwoStep(userId: ada, pendingSecret: "second", confirmedStep: 10, recoveryCodeHashes: ["r1", "r2"]))
            let on = try await credentials.twoStep(userId: ada)
            #expect(on == .init(sealedSecret: "second", sealedPendingSecret: nil, lastStep: 10) && on.isOn)
            #expect(try await credentials.unusedRecoveryCodes(userId: ada) == 2)
        }
    }

    @Test(arguments: Backend.available)
    func eachCodeAndEachRecoveryCodeCountsOnce(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (credentials, ada) = try await adaWithTwoStep(database, recoveryCodes: ["r1", "r2"])
            #expect(try await credentials.useTwoStepCode(userId: ada, step: 10) == false, "the confirming code is used")
            #expect(try await credentials.useTwoStepCode(userId: ada, step: 11))
            #expect(try await credentials.useTwoStepCode(userId: ada, step: 11) == false)
            #expect(try await credentials.useTwoStepCode(userId: ada, step: 9) == false, "an older code after a newer one")
            #expect(try await credentials.useRecoveryCode(userId: ada, hash: "r1"))
            #expect(try await credentials.useRecoveryCode(userId: ada, hash: "r1") == false)
            #expect(try await credentials.useRecoveryCode(userId: ada, hash: "nope") == false)
            #expect(try await credentials.unusedRecoveryCodes(userId: ada) == 1)
            // Another account's codes are never this one's.
            let eve = try await AccountStore(database: database, clock: clock).register(name: "Eve", email: "eve@example.org", passwordHash: "h")
            #expect(try await credentials.useRecoveryCode(userId: eve.id, hash: "r2") == false)
        }
    }

    @Test(arguments: Backend.available)
    func twoRequestsWithTheSameCodeSignInOnce(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (credentials, ada) = try await adaWithTwoStep(database, recoveryCodes: ["r1"])
            for step: Int64 in 11...30 {
                let results = try await withThrowingTaskGroup(of: [Bool].self) { group in
                    for _ in 0..<4 {
                        group.addTask { [try await credentials.useTwoStepCode(userId: ada, step: step), try await credentials.useRecoveryCode(userId: ada, hash: "r1")] }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(results.filter { $0[0] }.count == 1, "step \(step)")
                #expect(results.filter { $0[1] }.count == (step == 11 ? 1 : 0))
            }
        }
    }

    @Test(arguments: Backend.available)
    func turningItOffRemovesTheSecretAndTheCodes(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let (credentials, ada) = try await adaWithTwoStep(database, recoveryCodes: ["r1"])
            try await credentials.disableTwoStep(userId: ada)
            #expect(try await credentials.twoStep(userId: ada) == .init())
            #expect(try await credentials.unusedRecoveryCodes(userId: ada) == 0)
            #expect(try await credentials.useRecoveryCode(userId: ada, hash: "r1") == false)
        }
    }
}

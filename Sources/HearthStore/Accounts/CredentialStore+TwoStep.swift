import Foundation
import HearthCore
import SQLKit

/// Two-step sign-in's secrets as the server hands them over: sealed (the store never sees one
/// plain) and recovery codes as hashes. Each code counts once, also when two requests race.
extension CredentialStore {
    /// The user's two-step sign-in: the sealed secret once confirmed, one set up and waiting for its
    /// first code, and the step of the last code used.
    public struct TwoStep: Sendable, Equatable {
        public var sealedSecret: String?
        public var sealedPendingSecret: String?
        public var lastStep: Int64?

        public var isOn: Bool { sealedSecret != nil }
    }

    public func twoStep(userId: UUID) async throws -> TwoStep {
        guard let row = try await sql.select().columns("totp_secret", "totp_pending_secret", "totp_last_step").from("users")
            .where("id", .equal, userId).first()
        else { return TwoStep() }
        return TwoStep(sealedSecret: try row.decode(column: "totp_secret", as: String?.self),
                       sealedPendingSecret: try row.decode(column: "totp_pending_secret", as: String?.self),
                       lastStep: try row.decode(column: "totp_last_step", as: Int64?.self))
    }

    /// Keeps a new secret until its first code confirms it (a second setup replaces the first).
    public func setPendingTwoStep(userId: UUID, sealedSecret: String) async throws {
        try await sql.update("users").set("totp_pending_secret", to: sealedSecret).where("id", .equal, userId).run()
    }

    /// Turns two-step sign-in on with the pending secret `pendingSecret` (the one the confirming
    /// code was checked against), counting that code's `step` as used, and replaces the recovery
    /// codes. False when that secret is no longer the pending one (nothing changes).
    public func enableTwoStep(userId: UUID, pendingSecret: String, confirmedStep step: Int64, recoveryCodeHashes: [String]) async throws -> Bool {
        let ids = recoveryCodeHashes.map { _ in self.ids.next() }
        return try await database.transaction { db in
            let moved = try await db.update("users").set(SQLIdentifier("totp_secret"), to: SQLIdentifier("totp_pending_secret"))
                .set("totp_pending_secret", to: SQLLiteral.null).set("totp_last_step", to: step)
                .where("id", .equal, userId).where("totp_pending_secret", .equal, pendingSecret).runCounting()
            guard moved > 0 else { return false }
            try await db.delete(from: "recovery_codes").where("user_id", .equal, userId).run()
            for (id, hash) in zip(ids, recoveryCodeHashes) {
                try await db.insert(into: "recovery_codes").columns("id", "user_id", "code_hash")
                    .values(SQLBind(id), SQLBind(userId), SQLBind(hash)).run()
            }
            return true
        }
    }

    /// Counts the code of `step` as used; false when it, or a later one, was used already.
    public func useTwoStepCode(userId: UUID, step: Int64) async throws -> Bool {
        try await sql.update("users").set("totp_last_step", to: step)
            .where("id", .equal, userId).where("totp_secret", .isNot, SQLLiteral.null)
            .where(group: { $0.where("totp_last_step", .is, SQLLiteral.null).orWhere("totp_last_step", .lessThan, step) })
            .runCounting() > 0
    }

    /// Uses up the recovery code with this hash; false when there is none or it was used.
    public func useRecoveryCode(userId: UUID, hash: String) async throws -> Bool {
        try await sql.update("recovery_codes").set("used_at", to: clock.now)
            .where("user_id", .equal, userId).where("code_hash", .equal, hash).where("used_at", .is, SQLLiteral.null)
            .runCounting() > 0
    }

    /// How many recovery codes are left to use.
    public func unusedRecoveryCodes(userId: UUID) async throws -> Int {
        try await sql.select().column(SQLRaw("COUNT(*)"), as: "left").from("recovery_codes")
            .where("user_id", .equal, userId).where("used_at", .is, SQLLiteral.null)
            .first()?.decode(column: "left", as: Int.self) ?? 0
    }

    /// Turns two-step sign-in off: the secrets, the last step and the recovery codes go.
    public func disableTwoStep(userId: UUID) async throws {
        try await database.transaction { db in
            try await db.update("users").set("totp_secret", to: SQLLiteral.null).set("totp_pending_secret", to: SQLLiteral.null)
                .set("totp_last_step", to: SQLLiteral.null).where("id", .equal, userId).run()
            try await db.delete(from: "recovery_codes").where("user_id", .equal, userId).run()
        }
    }
}

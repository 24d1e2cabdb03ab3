import Foundation
import HearthCore
import SQLKit

/// Password reset links: made for a user, then good once within their time.
extension CredentialStore {
    /// How long a reset link works.
    public static let passwordResetLifetime: TimeInterval = 30 * 60

    /// Stores a new reset link (by its secret's hash) for the user; earlier ones of the user stop working.
    public func createPasswordReset(userId: UUID, tokenHash: String) async throws {
        let now = clock.now
        try await sql.delete(from: "password_resets").where("user_id", .equal, userId).run()
        try await sql.insert(into: "password_resets").columns("id", "user_id", "token_hash", "created_at", "expires_at")
            .values(SQLBind(ids.next()), SQLBind(userId), SQLBind(tokenHash), SQLBind(now), SQLBind(now + Self.passwordResetLifetime)).run()
    }

    /// The user of a reset link that still works (unused, in its time); nil otherwise.
    public func passwordResetUser(tokenHash: String) async throws -> UUID? {
        try await sql.select().column("user_id").from("password_resets").where("token_hash", .equal, tokenHash)
            .where("used_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, clock.now)
            .first()?.decode(column: "user_id", as: UUID.self)
    }

    /// Marks a working reset link used and answers its user, in one statement: of two uses at once, one wins.
    public func usePasswordReset(tokenHash: String) async throws -> UUID? {
        try await sql.update("password_resets").set("used_at", to: clock.now).where("token_hash", .equal, tokenHash)
            .where("used_at", .is, SQLLiteral.null).where("expires_at", .greaterThan, clock.now)
            .returning("user_id").first()?.decode(column: "user_id", as: UUID.self)
    }

    /// Removes links a day past their time (they work no more from their 30th minute).
    public func purgeExpiredPasswordResets() async throws {
        try await sql.delete(from: "password_resets").where("expires_at", .lessThan, clock.now - 24 * 3600).run()
    }
}

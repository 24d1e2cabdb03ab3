import Foundation
import HearthCore
import SQLKit

/// A passkey as Settings → Security lists it.
public struct Passkey: Sendable, Equatable {
    public let id: UUID
    public let userId: UUID
    /// The credential id, base64url, as the browser names it.
    public let credentialId: String
    /// The COSE public key, base64url.
    public let publicKey: String
    public let signCount: UInt32
    public let name: String
    public let createdAt: Date
    public let lastUsedAt: Date?
}

/// What a passkey challenge was handed out for.
public enum PasskeyPurpose: String, Sendable {
    /// Making a passkey for a signed-in user.
    case register
    /// Signing in, by anyone (the passkey says who).
    case signIn = "sign-in"
    /// A signed-in user proving it is them (confirming, opening the inventory's lock).
    case confirm
}

/// Passkeys and the challenges of their ceremonies.
extension CredentialStore {
    /// How long a challenge may be answered.
    public static let passkeyChallengeLifetime: TimeInterval = 5 * 60

    /// Hands out `challenge` (base64url) for `purpose`, for `userId` when one is signed in.
    public func createPasskeyChallenge(_ challenge: String, userId: UUID?, purpose: PasskeyPurpose) async throws {
        let now = clock.now
        try await sql.delete(from: "passkey_challenges").where("expires_at", .lessThan, now).run()
        try await sql.insert(into: "passkey_challenges").columns("challenge", "user_id", "purpose", "expires_at")
            .values(SQLBind(challenge), SQLBind(userId), SQLBind(purpose.rawValue), SQLBind(now + Self.passkeyChallengeLifetime)).run()
    }

    /// Takes a challenge back once: true when it was handed out for `purpose` (and `userId`, nil for
    /// a sign-in's) and is in its time. Of two answers to one challenge, one counts.
    public func takePasskeyChallenge(_ challenge: String, userId: UUID?, purpose: PasskeyPurpose) async throws -> Bool {
        var query = sql.delete(from: "passkey_challenges").where("challenge", .equal, challenge)
            .where("purpose", .equal, purpose.rawValue).where("expires_at", .greaterThan, clock.now)
        query = userId.map { query.where("user_id", .equal, $0) } ?? query.where("user_id", .is, SQLLiteral.null)
        return try await query.returning("challenge").all().count == 1
    }

    /// Stores a passkey just made.
    public func addPasskey(userId: UUID, credentialId: String, publicKey: String, signCount: UInt32, name: String) async throws -> Passkey {
        let passkey = Passkey(id: ids.next(), userId: userId, credentialId: credentialId, publicKey: publicKey, signCount: signCount,
                              name: name, createdAt: clock.now, lastUsedAt: nil)
        try await sql.insert(into: "passkeys")
            .columns("id", "user_id", "credential_id", "public_key", "sign_count", "name", "created_at")
            .values(SQLBind(passkey.id), SQLBind(userId), SQLBind(credentialId), SQLBind(publicKey), SQLBind(Int64(signCount)),
                    SQLBind(name), SQLBind(passkey.createdAt)).run()
        return passkey
    }

    /// The user's passkeys, newest first.
    public func passkeys(userId: UUID) async throws -> [Passkey] {
        try await sql.select().column("*").from("passkeys").where("user_id", .equal, userId).orderBy("created_at", .descending)
            .all().map(Self.passkey)
    }

    /// The passkey with this credential id, whoever's it is.
    public func passkey(credentialId: String) async throws -> Passkey? {
        try await sql.select().column("*").from("passkeys").where("credential_id", .equal, credentialId).first().map(Self.passkey)
    }

    /// Notes a use with the authenticator's new counter. False when the counter did not go up
    /// although it counts (a copy of the passkey, or an answer sent twice): that use is refused.
    public func usePasskey(_ passkey: Passkey, signCount: UInt32) async throws -> Bool {
        var update = sql.update("passkeys").set("sign_count", to: Int64(signCount)).set("last_used_at", to: clock.now)
            .where("id", .equal, passkey.id)
        if signCount != 0 || passkey.signCount != 0 {
            update = update.where("sign_count", .lessThan, Int64(signCount))
        }
        return try await update.runCounting() == 1
    }

    /// Removes one of the user's passkeys; false when they have none such.
    public func deletePasskey(id: UUID, userId: UUID) async throws -> Bool {
        try await sql.delete(from: "passkeys").where("id", .equal, id).where("user_id", .equal, userId).runCounting() > 0
    }

    private static func passkey(_ row: any SQLRow) throws -> Passkey {
        Passkey(id: try row.decode(column: "id", as: UUID.self), userId: try row.decode(column: "user_id", as: UUID.self),
                credentialId: try row.decode(column: "credential_id", as: String.self), publicKey: try row.decode(column: "public_key", as: String.self),
                signCount: UInt32(clamping: try row.decode(column: "sign_count", as: Int64.self)), name: try row.decode(column: "name", as: String.self),
                createdAt: try row.decode(column: "created_at", as: Date.self), lastUsedAt: try row.decode(column: "last_used_at", as: Date?.self))
    }
}

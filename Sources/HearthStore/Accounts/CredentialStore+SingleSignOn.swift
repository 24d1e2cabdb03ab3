import Foundation
import HearthCore
import SQLKit

/// A sign-in begun at an identity provider, until the provider sends the person back.
public struct PendingSingleSignOn: Sendable, Equatable {
    public enum Purpose: String, Sendable {
        /// Signing in.
        case signIn = "sign-in"
        /// A signed-in person confirming it is them before what cannot be undone.
        case confirm
    }

    public let nonce: String
    public let codeVerifier: String
    public let purpose: Purpose
    public let next: String?
    /// When it began (set by the store): a confirmation's sign-in at the provider must be later.
    public var begunAt: Date?

    public init(nonce: String, codeVerifier: String, purpose: Purpose, next: String?, begunAt: Date? = nil) {
        self.nonce = nonce
        self.codeVerifier = codeVerifier
        self.purpose = purpose
        self.next = next
        self.begunAt = begunAt
    }
}

/// A person at an identity provider: its issuer and its subject (the provider's id for them,
/// which never changes, unlike the email).
public struct ProviderIdentity: Sendable, Equatable, Hashable {
    public let issuer: String
    public let subject: String

    public init(issuer: String, subject: String) {
        self.issuer = issuer
        self.subject = subject
    }
}

/// Single sign-on: accounts linked to provider identities, and sign-ins under way.
extension CredentialStore {
    /// How long a person has at the provider before the sign-in must start again.
    public static let singleSignOnLifetime: TimeInterval = 10 * 60

    /// Notes a sign-in begun at the provider under `stateHash`, for the browser whose CSRF token
    /// hashes to `browserHash`.
    public func beginSingleSignOn(stateHash: String, browserHash: String, _ pending: PendingSingleSignOn) async throws {
        let now = clock.now
        try await sql.delete(from: "sso_sign_ins").where("expires_at", .lessThan, now).run()
        try await sql.insert(into: "sso_sign_ins")
            .columns("state_hash", "browser_hash", "nonce", "code_verifier", "purpose", "next_path", "expires_at")
            .values(SQLBind(stateHash), SQLBind(browserHash), SQLBind(pending.nonce), SQLBind(pending.codeVerifier),
                    SQLBind(pending.purpose.rawValue), SQLBind(pending.next), SQLBind(now + Self.singleSignOnLifetime)).run()
    }

    /// Takes a sign-in back once, when it was begun in this browser and is in its time: of two
    /// answers with one state (a replay), one gets it.
    public func takeSingleSignOn(stateHash: String, browserHash: String) async throws -> PendingSingleSignOn? {
        let rows = try await sql.delete(from: "sso_sign_ins").where("state_hash", .equal, stateHash)
            .where("browser_hash", .equal, browserHash).where("expires_at", .greaterThan, clock.now)
            .returning("nonce", "code_verifier", "purpose", "next_path", "expires_at").all()
        guard rows.count == 1 else { return nil }
        return PendingSingleSignOn(nonce: try rows[0].decode(column: "nonce", as: String.self),
                                   codeVerifier: try rows[0].decode(column: "code_verifier", as: String.self),
                                   purpose: PendingSingleSignOn.Purpose(rawValue: try rows[0].decode(column: "purpose", as: String.self)) ?? .signIn,
                                   next: try rows[0].decode(column: "next_path", as: String?.self),
                                   begunAt: try rows[0].decode(column: "expires_at", as: Date.self) - Self.singleSignOnLifetime)
    }

    /// The account linked to `identity`, noting the use and the email the provider gives now.
    public func linkedUser(_ identity: ProviderIdentity, email: String) async throws -> UUID? {
        let rows = try await sql.update("sso_identities").set("last_used_at", to: clock.now).set("email", to: email)
            .where("issuer", .equal, identity.issuer).where("subject", .equal, identity.subject)
            .returning("user_id").all()
        return try rows.first?.decode(column: "user_id", as: UUID.self)
    }

    /// The account linked to `identity`, read only (a proxy's every page request asks).
    public func linkedUserId(_ identity: ProviderIdentity) async throws -> UUID? {
        try await sql.select().column("user_id").from("sso_identities")
            .where("issuer", .equal, identity.issuer).where("subject", .equal, identity.subject)
            .first()?.decode(column: "user_id", as: UUID.self)
    }

    /// Links `identity` to an account. An identity links to one account only: linking it again
    /// (two tabs that both finished) keeps the first.
    public func link(_ identity: ProviderIdentity, email: String, to userId: UUID) async throws {
        try await Self.insertLink(identity, email: email, userId: userId, at: clock.now, on: sql)
    }

    static func insertLink(_ identity: ProviderIdentity, email: String, userId: UUID, at now: Date, on db: any SQLDatabase) async throws {
        try await db.insert(into: "sso_identities").columns("issuer", "subject", "user_id", "email", "created_at", "last_used_at")
            .values(SQLBind(identity.issuer), SQLBind(identity.subject), SQLBind(userId), SQLBind(email), SQLBind(now), SQLBind(now))
            .ignoringConflicts(with: ["issuer", "subject"]).run()
    }

    /// The provider identities linked to an account (Settings → Security lists them).
    public func linkedIdentities(userId: UUID) async throws -> [(identity: ProviderIdentity, email: String)] {
        try await sql.select().columns("issuer", "subject", "email").from("sso_identities").where("user_id", .equal, userId)
            .orderBy("created_at").all().map { row in
                (ProviderIdentity(issuer: try row.decode(column: "issuer", as: String.self),
                                  subject: try row.decode(column: "subject", as: String.self)),
                 try row.decode(column: "email", as: String.self))
            }
    }
}

import Foundation
import HearthCore
import SQLKit

/// Where a session or token was made: the user agent and the client's address, as far as known.
public struct SignInOrigin: Sendable, Equatable {
    public let userAgent: String?
    public let address: String?

    public static let unknown = SignInOrigin(userAgent: nil, address: nil)

    /// Kept short: a header is the client's to fill.
    public init(userAgent: String?, address: String?) {
        self.userAgent = userAgent.map { String($0.prefix(300)) }.flatMap { $0.isEmpty ? nil : $0 }
        self.address = address.map { String($0.prefix(64)) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A browser signed in (a session) or a program with an API token, as Settings → Security lists them.
public struct SignedInDevice: Sendable, Equatable {
    public enum Kind: String, Sendable { case session, token }
    public let id: UUID
    public let kind: Kind
    /// A token's name; nil for a session.
    public let name: String?
    public let origin: SignInOrigin
    public let createdAt: Date
    public let lastUsedAt: Date?
    /// The session or token of the request that asks.
    public let isCurrent: Bool
}

extension CredentialStore {
    /// The user's sessions and tokens: the asking one (`currentTokenHash`) first, then the most recently used.
    public func devices(userId: UUID, currentTokenHash: String?) async throws -> [SignedInDevice] {
        let sessions = try await sql.select().columns("id", "token_hash", "created_at", "last_seen_at", "user_agent", "address")
            .from("sessions").where("user_id", .equal, userId).all()
        let tokens = try await sql.select().columns("id", "token_hash", "name", "created_at", "last_used_at", "user_agent", "address")
            .from("api_tokens").where("user_id", .equal, userId).all()
        let devices = try sessions.map { try device($0, kind: .session, lastUse: "last_seen_at", current: currentTokenHash) }
            + tokens.map { try device($0, kind: .token, lastUse: "last_used_at", current: currentTokenHash) }
        return devices.sorted { first, second in
            if first.isCurrent != second.isCurrent { return first.isCurrent }
            return (first.lastUsedAt ?? first.createdAt) > (second.lastUsedAt ?? second.createdAt)
        }
    }

    /// Signs out the user's session or revokes their token with `id`; false when they have none such.
    public func signOut(deviceId id: UUID, userId: UUID) async throws -> Bool {
        defer { cache.clear() }
        let sessions = try await sql.delete(from: "sessions").where("id", .equal, id).where("user_id", .equal, userId).runCounting()
        let tokens = try await sql.delete(from: "api_tokens").where("id", .equal, id).where("user_id", .equal, userId).runCounting()
        return sessions + tokens > 0
    }

    private func device(_ row: any SQLRow, kind: SignedInDevice.Kind, lastUse: String, current: String?) throws -> SignedInDevice {
        SignedInDevice(
            id: try row.decode(column: "id", as: UUID.self), kind: kind,
            name: kind == .token ? try row.decode(column: "name", as: String.self) : nil,
            origin: SignInOrigin(userAgent: try row.decode(column: "user_agent", as: String?.self),
                                 address: try row.decode(column: "address", as: String?.self)),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            lastUsedAt: try row.decode(column: lastUse, as: Date?.self),
            isCurrent: try row.decode(column: "token_hash", as: String.self) == current
        )
    }
}

import Foundation
import HearthCore
import SQLKit

/// A program's sign-in through a browser, as the approval page shows it.
public struct DeviceSignIn: Sendable, Equatable {
    public let code: String
    public let deviceName: String
    public let approved: Bool
}

/// What a program asking for its token gets.
public enum DeviceSignInState: Sendable, Equatable {
    /// Nobody approved it yet.
    case pending
    /// Approved by this user; the sign-in is used up now.
    case approved(userId: UUID, deviceName: String)
}

/// Sign-ins of programs (the CLI) that a signed-in person approves in a browser: each good for
/// 10 minutes, its poll secret stored only as a hash, its token handed out once.
extension CredentialStore {
    public static let deviceSignInLifetime: TimeInterval = 10 * 60

    /// Notes a sign-in; false when `code` is taken by another one (the caller draws another).
    public func startDeviceSignIn(pollHash: String, code: String, deviceName: String) async throws -> Bool {
        let now = clock.now
        try await sql.delete(from: "cli_sign_ins").where("expires_at", .lessThan, now).run()
        return try await sql.insert(into: "cli_sign_ins").columns("poll_hash", "user_code", "device_name", "expires_at")
            .values(SQLBind(pollHash), SQLBind(code), SQLBind(deviceName), SQLBind(now + Self.deviceSignInLifetime))
            .ignoringConflicts(with: ["user_code"]).returning("poll_hash").all().count == 1
    }

    /// The sign-in with this code, while it is in its time.
    public func deviceSignIn(code: String) async throws -> DeviceSignIn? {
        try await sql.select().columns("user_code", "device_name", "user_id").from("cli_sign_ins")
            .where("user_code", .equal, code).where("expires_at", .greaterThan, clock.now).first().map { row in
                DeviceSignIn(code: try row.decode(column: "user_code", as: String.self),
                             deviceName: try row.decode(column: "device_name", as: String.self),
                             approved: try row.decode(column: "user_id", as: UUID?.self) != nil)
            }
    }

    /// Approves the sign-in for `userId`; false when it is gone, expired or approved already.
    public func approveDeviceSignIn(code: String, userId: UUID) async throws -> Bool {
        try await sql.update("cli_sign_ins").set("user_id", to: userId)
            .where("user_code", .equal, code).where("expires_at", .greaterThan, clock.now).where("user_id", .is, SQLLiteral.null)
            .returning("user_code").all().count == 1
    }

    /// Refuses the sign-in: its program gets nothing.
    public func refuseDeviceSignIn(code: String) async throws {
        try await sql.delete(from: "cli_sign_ins").where("user_code", .equal, code).where("user_id", .is, SQLLiteral.null).run()
    }

    /// Where the program's sign-in stands; nil when it is unknown, refused or expired. An approved
    /// one is used up by this answer: of two questions, one gets it.
    public func takeDeviceSignIn(pollHash: String) async throws -> DeviceSignInState? {
        let now = clock.now
        let approved = try await sql.delete(from: "cli_sign_ins").where("poll_hash", .equal, pollHash)
            .where("expires_at", .greaterThan, now).where("user_id", .isNot, SQLLiteral.null)
            .returning("user_id", "device_name").all()
        if let row = approved.first {
            return .approved(userId: try row.decode(column: "user_id", as: UUID.self), deviceName: try row.decode(column: "device_name", as: String.self))
        }
        let waiting = try await sql.select().column("poll_hash").from("cli_sign_ins").where("poll_hash", .equal, pollHash)
            .where("expires_at", .greaterThan, now).first()
        return waiting == nil ? nil : .pending
    }
}

import Foundation
import HearthCore
import SQLKit

extension AccountStore {
    /// The household with `id`, if any.
    public func household(id: UUID) async throws -> Household? {
        try await sql.select().columns("id", "name", "created_at", "updated_at").from("households")
            .where("id", .equal, id)
            .first(decoding: HouseholdRecord.self, keyDecodingStrategy: .convertFromSnakeCase)?.household
    }

    /// The members of a household, longest member first: the first is the household's owner.
    public func members(householdId: UUID) async throws -> [HouseholdMember] {
        try await Self.members(of: householdId, on: sql)
    }

    static func members(of householdId: UUID, on db: any SQLDatabase) async throws -> [HouseholdMember] {
        try await db.select().columns("id", "name", "email", "joined_at").from("users")
            .where("household_id", .equal, householdId)
            .orderBy("joined_at").orderBy("id")
            .all().map { row in
                HouseholdMember(
                    id: try row.decode(column: "id", as: UUID.self),
                    name: try row.decode(column: "name", as: String.self),
                    email: try row.decode(column: "email", as: String.self),
                    joinedAt: try row.decode(column: "joined_at", as: Date.self)
                )
            }
    }

    /// Renames a household (validated name).
    public func renameHousehold(id: UUID, to name: String) async throws {
        try await sql.update("households").set("name", to: name).set("updated_at", to: clock.now)
            .where("id", .equal, id).run()
    }

    /// Stores a new invite for the household of `createdBy`. Only the hash of its secret is kept.
    public func createInvite(householdId: UUID, createdBy: UUID, tokenHash: String) async throws -> Invite {
        let now = clock.now
        let invite = Invite(id: ids.next(), householdId: householdId, createdBy: createdBy,
                            createdAt: now, expiresAt: now + Invite.lifetime)
        try await sql.insert(into: "invites")
            .columns("id", "household_id", "created_by", "token_hash", "created_at", "expires_at")
            .values(SQLBind(invite.id), SQLBind(householdId), SQLBind(createdBy), SQLBind(tokenHash),
                    SQLBind(now), SQLBind(invite.expiresAt))
            .run()
        return invite
    }

    /// The invite behind a link's secret, if it exists.
    public func invite(tokenHash: String) async throws -> Invite? {
        try await Self.invite(tokenHash: tokenHash, on: sql)
    }

    /// Invites of a household that can still be used, newest first.
    public func openInvites(householdId: UUID) async throws -> [Invite] {
        try await sql.select().columns(Self.inviteColumns).from("invites")
            .where("household_id", .equal, householdId).where("used_at", .is, SQLLiteral.null)
            .where("expires_at", .greaterThan, clock.now)
            .orderBy("created_at", .descending)
            .all(decoding: InviteRecord.self, keyDecodingStrategy: .convertFromSnakeCase).map(\.invite)
    }

    /// Withdraws an unused invite of the household.
    public func deleteInvite(id: UUID, householdId: UUID) async throws -> Bool {
        try await sql.delete(from: "invites").where("id", .equal, id).where("household_id", .equal, householdId).runCounting() > 0
    }

    /// Moves the user into the invite's household and uses the invite up, in one transaction.
    /// The user's previous household is deleted when they were its last member.
    public func acceptInvite(tokenHash: String, userId: UUID) async throws -> Household {
        defer { usersChanged() }
        let now = clock.now
        return try await database.transaction { db in
            guard let invite = try await Self.invite(tokenHash: tokenHash, on: db, locking: true) else { throw AccountError.inviteNotFound }
            let previous = try await Self.householdId(of: userId, on: db)
            try await Self.lockHouseholds([previous, invite.householdId], on: db)
            if let problem = invite.problem(forMemberOf: previous, at: now) { throw problem }
            try await db.update("invites").set("used_at", to: now).set("used_by", to: userId)
                .where("id", .equal, invite.id).run()
            try await db.update("users").set("household_id", to: invite.householdId).set("joined_at", to: now)
                .set("updated_at", to: now).where("id", .equal, userId).run()
            try await Self.deleteHouseholdIfEmpty(previous, on: db)
            guard let household = try await db.select().columns("id", "name", "created_at", "updated_at")
                .from("households").where("id", .equal, invite.householdId)
                .first(decoding: HouseholdRecord.self, keyDecodingStrategy: .convertFromSnakeCase)
            else { throw AccountError.inviteNotFound }
            return household.household
        }
    }

    /// Takes the user out of their household into a new one of their own.
    /// The last member cannot leave (they delete their account instead).
    public func leaveHousehold(userId: UUID) async throws -> Household {
        defer { usersChanged() }
        let now = clock.now
        let newId = ids.next()
        return try await database.transaction { db in
            let current = try await Self.householdId(of: userId, on: db)
            try await Self.lockHouseholds([current], on: db)
            if try await Self.memberCount(of: current, on: db) <= 1 { throw AccountError.lastMemberCannotLeave }
            return try await Self.moveToOwnHousehold(userId, from: current, newId: newId, at: now, on: db)
        }
    }

    /// The owner (the member there longest) moves another member out into a household of their
    /// own; the shared data stays. A member of another household is not found.
    public func removeMember(_ memberId: UUID, by ownerId: UUID) async throws {
        defer { usersChanged() }
        let now = clock.now
        let newId = ids.next()
        try await database.transaction { db in
            let household = try await Self.householdId(of: ownerId, on: db)
            try await Self.lockHouseholds([household], on: db)
            let members = try await Self.members(of: household, on: db)
            guard members.contains(where: { $0.id == memberId }) else { throw AccountError.notFound }
            guard members.first?.id == ownerId else { throw AccountError.onlyTheOwnerCanRemove }
            guard memberId != ownerId else { throw AccountError.cannotRemoveYourself }
            _ = try await Self.moveToOwnHousehold(memberId, from: household, newId: newId, at: now, on: db)
        }
    }

    /// Moves a user out of `previous` into a new household of their own. Their unused invites to
    /// `previous` go, so a removed member cannot let themselves back in.
    static func moveToOwnHousehold(
        _ userId: UUID, from previous: UUID, newId: UUID, at now: Date, on db: any SQLDatabase
    ) async throws -> Household {
        try await db.delete(from: "invites").where("household_id", .equal, previous).where("created_by", .equal, userId)
            .where("used_at", .is, SQLLiteral.null).run()
        let name = try await db.select().column("name").from("users").where("id", .equal, userId)
            .first()?.decode(column: "name", as: String.self) ?? ""
        let household = Household(id: newId, name: Self.householdName(for: name), createdAt: now, updatedAt: now)
        try await Self.insertHousehold(id: household.id, name: household.name, at: now, on: db)
        try await db.update("users").set("household_id", to: newId).set("joined_at", to: now).set("updated_at", to: now)
            .where("id", .equal, userId).run()
        return household
    }

    static let inviteColumns = ["id", "household_id", "created_by", "created_at", "expires_at", "used_at"]

    static func invite(tokenHash: String, on db: any SQLDatabase, locking: Bool = false) async throws -> Invite? {
        let query = db.select().columns(inviteColumns).from("invites").where("token_hash", .equal, tokenHash)
        if locking { query.for(.update) }
        return try await query.first(decoding: InviteRecord.self, keyDecodingStrategy: .convertFromSnakeCase)?.invite
    }
}

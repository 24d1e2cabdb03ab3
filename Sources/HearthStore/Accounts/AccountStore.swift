import Foundation
import HearthCore
import SQLKit

/// Users and households: registration, profiles, membership and account deletion.
/// Every method scopes its queries by the user or household it is given.
public struct AccountStore: Sendable {
    let database: Database
    let clock: any WallClock
    let ids: IDGenerator

    public init(database: Database, clock: any WallClock, ids: IDGenerator = .random) {
        self.database = database
        self.clock = clock
        self.ids = ids
    }

    var sql: any SQLDatabase { database.sql }

    /// Creates a user with a household of their own, in one transaction.
    /// Expects validated input; throws ``AccountError/emailTaken`` for a duplicate email.
    /// A `timeZone` given is taken as set; without one the account has the default until a device tells.
    /// With `identity`, the account is linked to it in the same transaction (single sign-on).
    public func register(name: String, email: String, passwordHash: String, timeZone: String? = nil,
                         linking identity: ProviderIdentity? = nil) async throws -> User {
        let now = clock.now
        let user = User(id: ids.next(), householdId: ids.next(), name: name, email: email,
                        timeZone: timeZone ?? AccountRules.defaultTimeZone, createdAt: now, updatedAt: now)
        do {
            try await database.transaction { db in
                try await Self.insertHousehold(id: user.householdId, name: Self.householdName(for: name), at: now, on: db)
                try await db.insert(into: "users")
                    .columns("id", "household_id", "name", "email", "email_normalized", "password_hash",
                             "theme", "accent", "time_zone", "time_zone_set", "created_at", "updated_at", "joined_at")
                    .values(SQLBind(user.id), SQLBind(user.householdId), SQLBind(name), SQLBind(email),
                            SQLBind(AccountRules.normalizedEmail(email)), SQLBind(passwordHash),
                            SQLBind(user.appearance.theme.rawValue), SQLBind(user.appearance.accent.rawValue),
                            SQLBind(user.timeZone), SQLBind(timeZone != nil), SQLBind(now), SQLBind(now), SQLBind(now))
                    .run()
                if let identity {
                    try await CredentialStore.insertLink(identity, email: email, userId: user.id, at: now, on: db)
                }
            }
        } catch where isUniqueViolation(error) {
            throw AccountError.emailTaken
        }
        return user
    }

    /// The user with `id`, if any.
    public func user(id: UUID) async throws -> User? {
        try await sql.select().columns(UserRecord.columns.map { SQLIdentifier($0) }).from("users")
            .where("id", .equal, id)
            .first(decoding: UserRecord.self, keyDecodingStrategy: .convertFromSnakeCase)?.user
    }

    /// The user and stored password hash for an email (case-insensitive), for signing in.
    public func credentials(email: String) async throws -> (user: User, passwordHash: String)? {
        guard let row = try await sql.select().columns(UserRecord.columns.map { SQLIdentifier($0) }).column("password_hash")
            .from("users").where("email_normalized", .equal, AccountRules.normalizedEmail(email)).first()
        else { return nil }
        let record = try row.decode(model: UserRecord.self, keyDecodingStrategy: .convertFromSnakeCase)
        return (record.user, try row.decode(column: "password_hash", as: String.self))
    }

    /// The stored password hash of a user.
    public func passwordHash(userId: UUID) async throws -> String? {
        try await sql.select().column("password_hash").from("users").where("id", .equal, userId)
            .first()?.decode(column: "password_hash", as: String.self)
    }

    /// Saves a validated name, email and time zone.
    public func updateProfile(userId: UUID, name: String, email: String, timeZone: String) async throws {
        defer { usersChanged() }
        do {
            try await sql.update("users")
                .set("name", to: name).set("email", to: email)
                .set("email_normalized", to: AccountRules.normalizedEmail(email))
                .set("time_zone", to: timeZone).set("time_zone_set", to: true).set("updated_at", to: clock.now)
                .where("id", .equal, userId).run()
        } catch where isUniqueViolation(error) {
            throw AccountError.emailTaken
        }
    }

    /// Saves a validated time zone the user chose.
    public func updateTimeZone(userId: UUID, _ timeZone: String) async throws {
        defer { usersChanged() }
        try await sql.update("users").set("time_zone", to: timeZone).set("time_zone_set", to: true).set("updated_at", to: clock.now)
            .where("id", .equal, userId).run()
    }

    /// Takes a device's validated zone if the account has none set yet; true when it did.
    public func adoptTimeZone(userId: UUID, _ timeZone: String) async throws -> Bool {
        defer { usersChanged() }
        return try await sql.update("users").set("time_zone", to: timeZone).set("time_zone_set", to: true).set("updated_at", to: clock.now)
            .where("id", .equal, userId).where("time_zone_set", .equal, false).runCounting() > 0
    }

    /// Saves theme and accent colour.
    public func updateAppearance(userId: UUID, _ appearance: Appearance) async throws {
        defer { usersChanged() }
        try await sql.update("users")
            .set("theme", to: appearance.theme.rawValue).set("accent", to: appearance.accent.rawValue)
            .set("updated_at", to: clock.now)
            .where("id", .equal, userId).run()
    }

    /// Sets when the user's inventory locks itself.
    public func setInventoryLock(userId: UUID, _ lock: InventoryLock) async throws {
        defer { usersChanged() }
        try await sql.update("users").set("inventory_lock_minutes", to: lock.minutes)
            .set("updated_at", to: clock.now).where("id", .equal, userId).run()
    }

    /// Replaces the password hash.
    public func setPasswordHash(userId: UUID, _ hash: String) async throws {
        try await sql.update("users").set("password_hash", to: hash).set("updated_at", to: clock.now)
            .where("id", .equal, userId).run()
    }

    /// Deletes the user with their sessions and tokens; their household goes too when nobody is left in it.
    public func deleteUser(id: UUID) async throws {
        defer { usersChanged() }
        try await database.transaction { db in
            guard let householdId = try? await Self.householdId(of: id, on: db) else { return }
            try await Self.lockHouseholds([householdId], on: db)
            try await db.update("invites").set("used_by", to: SQLLiteral.null).where("used_by", .equal, id).run()
            try await db.delete(from: "users").where("id", .equal, id).run()
            try await Self.deleteHouseholdIfEmpty(householdId, on: db)
        }
    }

    /// Users that requests may have cached (``CredentialCache``) are stale now.
    func usersChanged() {
        database.credentialCache.clear()
    }

    static func householdName(for userName: String) -> String {
        "\(userName)’s household"
    }

    static func insertHousehold(id: UUID, name: String, at now: Date, on db: any SQLDatabase) async throws {
        try await db.insert(into: "households").columns("id", "name", "created_at", "updated_at")
            .values(SQLBind(id), SQLBind(name), SQLBind(now), SQLBind(now)).run()
    }

    static func deleteHouseholdIfEmpty(_ householdId: UUID, on db: any SQLDatabase) async throws {
        if try await memberCount(of: householdId, on: db) == 0 {
            try await db.delete(from: "households").where("id", .equal, householdId).run()
        }
    }

    static func memberCount(of householdId: UUID, on db: any SQLDatabase) async throws -> Int {
        try await db.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n")
            .from("users").where("household_id", .equal, householdId).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    static func householdId(of userId: UUID, on db: any SQLDatabase) async throws -> UUID {
        guard let row = try await db.select().column("household_id").from("users").where("id", .equal, userId).first()
        else { throw AccountError.unauthenticated }
        return try row.decode(column: "household_id", as: UUID.self)
    }

    /// Serialises membership changes of these households until the transaction ends (PostgreSQL row locks,
    /// in id order so two transactions cannot deadlock; SQLite's `BEGIN IMMEDIATE` already serialises writers).
    static func lockHouseholds(_ ids: [UUID], on db: any SQLDatabase) async throws {
        let query = db.select().column("id").from("households")
            .where("id", .in, Array(Set(ids))).orderBy("id")
        query.for(.update)
        _ = try await query.all()
    }
}

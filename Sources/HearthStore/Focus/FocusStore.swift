import Foundation
import HearthCore
import SQLKit

/// What a change of the timer writes: the transition, and for a person's command what it keeps
/// and replaces (`TimerChange`); nil for the scheduler's changes.
public struct TimerWrite: Sendable {
    public var transition: TimerTransition
    public var command: TimerChange?

    public init(transition: TimerTransition, command: TimerChange? = nil) {
        self.transition = transition
        self.command = command
    }

    public init(_ change: TimerChange) {
        self.init(transition: change.transition, command: change)
    }
}

/// Focus data of one user at a time: settings, the timer state, sessions and workouts.
/// Every query is scoped by the user id it is given.
public struct FocusStore: Sendable {
    let database: Database
    let clock: any WallClock

    public init(database: Database, clock: any WallClock) {
        self.database = database
        self.clock = clock
    }

    var sql: any SQLDatabase { database.sql }
    static let encoder = JSONEncoder()
    static let decoder = JSONDecoder()

    /// A timer state or settings from the JSON text the database keeps.
    static func decoded<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        try decoder.decode(type, from: Data(text.utf8))
    }

    /// The user's settings (the defaults until they save some).
    public func settings(userId: UUID) async throws -> FocusSettings {
        guard let row = try await sql.select().column("settings").from("focus_settings").where("user_id", .equal, userId).first()
        else { return FocusSettings() }
        return try Self.decoded(FocusSettings.self, from: try row.decode(column: "settings", as: String.self))
    }

    /// Saves validated settings.
    public func saveSettings(_ settings: FocusSettings, userId: UUID) async throws {
        defer { database.timers.clear() }  // once saved (see TimerCache)
        let json = String(decoding: try Self.encoder.encode(settings), as: UTF8.self)
        try await sql.insert(into: "focus_settings").columns("user_id", "settings", "updated_at")
            .values(SQLBind(userId), SQLBind(json), SQLBind(clock.now))
            .onConflict(with: ["user_id"]) { $0.set(excludedValueOf: "settings").set(excludedValueOf: "updated_at") }
            .run()
    }

    /// The timer and the settings in one query: what every look at the timer needs (the defaults
    /// for a user who has neither). Read within the last few seconds, with no change since, they
    /// come from ``TimerCache``.
    public func timerAndSettings(userId: UUID) async throws -> (timer: TimerState, settings: FocusSettings) {
        try await database.timers.remembered(userId, at: clock.now) { try await readTimerAndSettings(userId: userId) }
            ?? (TimerState(), FocusSettings())
    }

    /// Nil when there is no such user (nothing to remember).
    private func readTimerAndSettings(userId: UUID) async throws -> (timer: TimerState, settings: FocusSettings)? {
        guard let row = try await sql.raw("""
            SELECT t.state, s.settings FROM users u
            LEFT JOIN focus_timers t ON t.user_id = u.id LEFT JOIN focus_settings s ON s.user_id = u.id
            WHERE u.id = \(bind: userId)
            """).first() else { return nil }
        let state = try row.decode(column: "state", as: String?.self).map { try Self.decoded(TimerState.self, from: $0) }
        let settings = try row.decode(column: "settings", as: String?.self).map { try Self.decoded(FocusSettings.self, from: $0) }
        return (state ?? TimerState(), settings ?? FocusSettings())
    }

    /// Changes the timer in one transaction: the row is locked, `change` computes the transition
    /// from the stored state and the time read after the lock, and the new state, its sessions and
    /// workouts are written together, so a session is recorded exactly once even when a command and
    /// the scheduler meet. When the timer changed, `effects` runs in the same transaction with the
    /// transition and that time (to queue webhook deliveries, which then exist exactly when the change
    /// does); its result is returned with the transition.
    public func update<Effects: Sendable>(
        userId: UUID, timeZone: TimeZone,
        _ change: @escaping @Sendable (TimerState, Date) throws -> TimerTransition,
        effects: @escaping @Sendable (TimerTransition, Date, any SQLDatabase) async throws -> Effects
    ) async throws -> (transition: TimerTransition, effects: Effects?) {
        try await command(userId: userId, timeZone: timeZone, { record, now in
            TimerWrite(transition: try change(record.state, now))
        }, effects: effects)
    }

    /// ``update(userId:timeZone:_:effects:)`` for a person's command, which may have been made a
    /// while ago (see `TimerEngine.handle(_:to:settings:madeAt:now:)`): `change` gets the whole
    /// record, the state right after the command is kept for the next late one, and the recorded
    /// sessions and workouts the command replaces go.
    public func command<Effects: Sendable>(
        userId: UUID, timeZone: TimeZone,
        _ change: @escaping @Sendable (TimerRecord, Date) throws -> TimerWrite,
        effects: @escaping @Sendable (TimerTransition, Date, any SQLDatabase) async throws -> Effects
    ) async throws -> (transition: TimerTransition, effects: Effects?) {
        defer { database.timers.clear() }  // once committed (see TimerCache)
        let clock = clock
        return try await database.transaction { db in
            let now = clock.now
            if let row = try await Self.lockedTimer(userId: userId, on: db) {
                return try await Self.apply(change, effects, to: try Self.decodeRecord(row), userId: userId, timeZone: timeZone, at: now, on: db)
            }
            // The first command of this user: create the row (a concurrent first command may win), then lock it.
            try await db.insert(into: "focus_timers").columns("user_id", "state", "due_at", "updated_at")
                .values(SQLBind(userId), SQLBind(String(decoding: try Self.encoder.encode(TimerState()), as: UTF8.self)),
                        SQLLiteral.null, SQLBind(now))
                .ignoringConflicts(with: ["user_id"]).run()
            guard let row = try await Self.lockedTimer(userId: userId, on: db) else { throw StoreError.missingRow("focus_timers") }
            var record = try Self.decodeRecord(row)
            if record.commandAt == nil && record.state == TimerState() {
                record.recordedUntil = .distantPast // a timer that never ran has nothing recorded: its first command may be late too
            }
            return try await Self.apply(change, effects, to: record, userId: userId, timeZone: timeZone, at: now, on: db)
        }
    }

    /// ``update(userId:timeZone:_:effects:)`` for the scheduler, which every server of a cluster
    /// runs: the timer is claimed by locking its row, and a timer another server holds (it is
    /// completing the same phase) is left to it: nil. Should that server die first, its lock goes
    /// with its connection, and the phase is still due for the next look.
    public func advance<Effects: Sendable>(
        userId: UUID, timeZone: TimeZone,
        _ change: @escaping @Sendable (TimerState, Date) throws -> TimerTransition,
        effects: @escaping @Sendable (TimerTransition, Date, any SQLDatabase) async throws -> Effects
    ) async throws -> (transition: TimerTransition, effects: Effects?)? {
        defer { database.timers.clear() }  // once committed (see TimerCache)
        let clock = clock
        return try await database.transaction { db in
            guard let row = try await Self.lockedTimer(userId: userId, on: db, unlessTaken: true) else { return nil }
            return try await Self.apply({ record, now in TimerWrite(transition: try change(record.state, now)) }, effects,
                                        to: try Self.decodeRecord(row), userId: userId, timeZone: timeZone, at: clock.now, on: db)
        }
    }

    /// Writes what `change` makes of the locked `record`, with its sessions and workouts, and runs `effects`.
    private static func apply<Effects: Sendable>(
        _ change: @Sendable (TimerRecord, Date) throws -> TimerWrite,
        _ effects: @Sendable (TimerTransition, Date, any SQLDatabase) async throws -> Effects,
        to record: TimerRecord, userId: UUID, timeZone: TimeZone, at now: Date, on db: any SQLDatabase
    ) async throws -> (transition: TimerTransition, effects: Effects?) {
        let write = try change(record, now)
        let transition = write.transition
        guard transition.state != record.state || !transition.events.isEmpty else { return (transition, nil) }
        let update = db.update("focus_timers")
            .set("state", to: String(decoding: try encoder.encode(transition.state), as: UTF8.self))
            .set("due_at", to: transition.state.dueAt.map { SQLBind($0) as any SQLExpression } ?? SQLLiteral.null)
            .set("updated_at", to: now)
        if let command = write.command {
            update.set("command_state", to: String(decoding: try encoder.encode(command.commandState), as: UTF8.self))
                .set("command_at", to: command.commandAt)
        }
        try await update.where("user_id", .equal, userId).run()
        if let after = write.command?.replacesAfter {
            for table in ["focus_sessions", "focus_workouts"] {
                try await db.delete(from: table).where("user_id", .equal, userId).where("ended_at", .greaterThan, after).run()
            }
        }
        for session in transition.sessions {
            try await insert(session, userId: userId, timeZone: timeZone, on: db)
        }
        for workout in transition.workouts {
            try await db.insert(into: "focus_workouts")
                .columns("id", "user_id", "started_at", "ended_at", "rests", "rest_seconds", "local_day")
                .values(SQLBind(workout.id), SQLBind(userId), SQLBind(workout.startedAt), SQLBind(workout.endedAt),
                        SQLBind(workout.rests), SQLBind(workout.restSeconds),
                        SQLBind(LocalDay.number(of: workout.endedAt, in: timeZone)))
                .run()
        }
        return (transition, try await effects(transition, now, db))
    }

    /// ``update(userId:timeZone:_:effects:)`` without effects.
    public func update(
        userId: UUID, timeZone: TimeZone, _ change: @escaping @Sendable (TimerState, Date) throws -> TimerTransition
    ) async throws -> TimerTransition {
        try await update(userId: userId, timeZone: timeZone, change, effects: { _, _, _ in }).transition
    }

    /// The timers the scheduler has to finish before `horizon`, with when.
    public func dueTimers(before horizon: Date) async throws -> [(userId: UUID, dueAt: Date)] {
        try await sql.select().columns("user_id", "due_at").from("focus_timers")
            .where("due_at", .lessThanOrEqual, horizon).all()
            .map { (try $0.decode(column: "user_id", as: UUID.self), try $0.decode(column: "due_at", as: Date.self)) }
    }

    static func insert(_ session: FocusSession, userId: UUID, timeZone: TimeZone, on db: any SQLDatabase) async throws {
        try await db.insert(into: "focus_sessions")
            .columns("id", "user_id", "kind", "started_at", "ended_at", "planned_seconds", "actual_seconds", "skipped",
                     "label", "local_day")
            .values(SQLBind(session.id), SQLBind(userId), SQLBind(session.kind.rawValue), SQLBind(session.startedAt),
                    SQLBind(session.endedAt), SQLBind(session.plannedSeconds), SQLBind(session.actualSeconds),
                    SQLBind(session.skipped), SQLBind(session.label), SQLBind(LocalDay.number(of: session.endedAt, in: timeZone)))
            .run()
    }

    /// The timer row, locked until the transaction ends (PostgreSQL; SQLite's writer lock already
    /// holds); `unlessTaken`: nil when another transaction holds it.
    static func lockedTimer(userId: UUID, on db: any SQLDatabase, unlessTaken: Bool = false) async throws -> (any SQLRow)? {
        let query = db.select().columns("state", "updated_at", "command_state", "command_at").from("focus_timers")
            .where("user_id", .equal, userId)
        // SQLite has no row locks (its dialect drops the clause): one writer holds them all.
        if unlessTaken, db.dialect.exclusiveSelectLockExpression != nil {
            query.lockingClause(SQLRaw("FOR UPDATE SKIP LOCKED"))
        } else {
            query.for(.update)
        }
        return try await query.first()
    }

    static func decodeRecord(_ row: any SQLRow) throws -> TimerRecord {
        TimerRecord(state: try decoded(TimerState.self, from: try row.decode(column: "state", as: String.self)),
                    recordedUntil: try row.decode(column: "updated_at", as: Date.self),
                    commandState: try row.decode(column: "command_state", as: String?.self).map { try decoded(TimerState.self, from: $0) },
                    commandAt: try row.decode(column: "command_at", as: Date?.self))
    }
}

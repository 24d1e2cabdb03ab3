import Foundation
import HearthCore
import SQLKit

extension FocusStore {
    /// Focus time (skipped sessions included) and completed focus sessions per local day in
    /// `fromDay...toDay`, computed by the database. Days without focus are absent.
    public func focusByDay(userId: UUID, fromDay: Int, toDay: Int) async throws -> [FocusDayTotal] {
        try await sql.select()
            .column("local_day")
            .column(SQLFunction("SUM", args: SQLColumn("actual_seconds")), as: "seconds")
            .column(SQLRaw("SUM(CASE WHEN skipped THEN 0 ELSE 1 END)"), as: "completed")
            .from("focus_sessions")
            .where("user_id", .equal, userId).where("kind", .equal, TimerPhase.focus.rawValue)
            .where("local_day", .greaterThanOrEqual, fromDay).where("local_day", .lessThanOrEqual, toDay)
            .groupBy("local_day").orderBy("local_day")
            .all().map { row in
                FocusDayTotal(day: try row.decode(column: "local_day", as: Int.self),
                              seconds: try row.decode(column: "seconds", as: Int.self),
                              completed: try row.decode(column: "completed", as: Int.self))
            }
    }

    /// The current and longest streak of days with a completed focus session, computed by the
    /// database as runs ("islands") of consecutive days. The current streak is the run that ends
    /// today, or yesterday while today has none yet.
    public func streaks(userId: UUID, today: Int) async throws -> (current: Int, longest: Int) {
        let query: SQLQueryString = """
            WITH days AS (
                SELECT DISTINCT local_day AS day FROM focus_sessions
                WHERE user_id = \(bind: userId) AND kind = \(bind: TimerPhase.focus.rawValue) AND skipped = \(bind: false)
                  AND local_day <= \(bind: today)
            ), islands AS (
                SELECT MAX(day) AS last_day, COUNT(*) AS length
                FROM (SELECT day, day - ROW_NUMBER() OVER (ORDER BY day) AS run FROM days) AS numbered
                GROUP BY run
            )
            SELECT COALESCE(MAX(length), 0) AS longest,
                   COALESCE(MAX(CASE WHEN last_day >= \(bind: today - 1) THEN length END), 0) AS current_run
            FROM islands
            """
        guard let row = try await sql.raw(query).first() else { return (0, 0) }
        return (try row.decode(column: "current_run", as: Int.self), try row.decode(column: "longest", as: Int.self))
    }

    /// The statistics of a user: one grouped query for the last `dayCount` days (at least the month),
    /// one for the streak days, one for workouts.
    public func statistics(userId: UUID, timeZone: TimeZone, dayCount: Int) async throws -> FocusStatistics {
        let today = LocalDay.number(of: clock.now, in: timeZone)
        let first = min(today - dayCount + 1, FocusStatistics.monthStart(of: today), FocusStatistics.weekStart(of: today))
        return FocusStatistics(
            today: today, dayCount: dayCount,
            totals: try await focusByDay(userId: userId, fromDay: first, toDay: today),
            streaks: try await streaks(userId: userId, today: today),
            workouts: try await workoutTotals(userId: userId, fromDay: today - dayCount + 1, toDay: today)
        )
    }

    /// Workouts, rests and rest time in `fromDay...toDay`.
    public func workoutTotals(userId: UUID, fromDay: Int, toDay: Int) async throws -> FocusStatistics.WorkoutTotals {
        let row = try await sql.select()
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "workouts")
            .column(SQLRaw("COALESCE(SUM(rests), 0)"), as: "rests")
            .column(SQLRaw("COALESCE(SUM(rest_seconds), 0)"), as: "rest_seconds")
            .column(SQLRaw(database.kind == .postgres
                ? "COALESCE(SUM(EXTRACT(EPOCH FROM ended_at - started_at)), 0)::BIGINT"
                : "CAST(COALESCE(SUM(ended_at - started_at), 0) AS INTEGER)"), as: "seconds")
            .from("focus_workouts")
            .where("user_id", .equal, userId)
            .where("local_day", .greaterThanOrEqual, fromDay).where("local_day", .lessThanOrEqual, toDay)
            .first()
        guard let row else { return .init() }
        return .init(workouts: try row.decode(column: "workouts", as: Int.self), rests: try row.decode(column: "rests", as: Int.self),
                     restSeconds: try row.decode(column: "rest_seconds", as: Int.self), seconds: try row.decode(column: "seconds", as: Int.self))
    }
}

import Foundation
import HearthCore
import SQLKit

/// The day a household is on: reminders "a week before" and "on the day" count days where the
/// household lives, in the time zone of its owner (its member the longest), not in UTC.
extension PushStore {
    /// Each of these households' day at `now`; UTC where the owner's time zone is unknown.
    static func householdDays(_ householdIds: Set<UUID>, now: Date, on db: any SQLDatabase) async throws -> [UUID: CalendarDate] {
        var zones: [UUID: String] = [:]
        for chunk in Array(householdIds).chunks(of: 1000) {
            let rows = try await db.select().columns("household_id", "time_zone").from("users").where("household_id", isOneOf: chunk, on: db)
                .orderBy("joined_at").orderBy("created_at").all()
            for row in rows {
                let household = try row.decode(column: "household_id", as: UUID.self)
                if zones[household] == nil { zones[household] = try row.decode(column: "time_zone", as: String.self) }
            }
        }
        return Dictionary(uniqueKeysWithValues: householdIds.map { id in
            (id, CalendarDate(now, in: zones[id].flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!))
        })
    }

    /// The days some household is on at `now`: time zones run from UTC−12 to UTC+14.
    static func possibleDays(now: Date) -> ClosedRange<CalendarDate> {
        CalendarDate(now - 12 * 3600, in: TimeZone(identifier: "UTC")!)...CalendarDate(now + 14 * 3600, in: TimeZone(identifier: "UTC")!)
    }
}

import Foundation
import SQLKit

/// A time read from the database, bound into a statement so that it compares equal to itself.
/// PostgreSQL keeps microseconds, and PostgresNIO writes a `Date` by truncating to them (2026-11,
/// postgres-nio 1.33). A time that travelled in a cursor (as seconds since 1970, whose last bit is
/// a quarter of a microsecond) comes back a hair off, and one time in four below its microsecond:
/// written one microsecond early, it repeated the last item of a page at the top of the next. Half
/// a microsecond more makes the truncation round instead. SQLite keeps the `Date`'s own bits, which
/// are bound as they are.
struct SQLTimestamp: SQLExpression {
    let date: Date

    init(_ date: Date) {
        self.date = date
    }

    func serialize(to serializer: inout SQLSerializer) {
        serializer.write(bind: serializer.dialect.name == "postgresql" ? date.addingTimeInterval(0.000_000_5) : date)
    }
}

import SQLKit

/// A statement that runs on every request of a hot path (adding to a list, checking an item off,
/// reading a list, signing a request in). PostgreSQL parses and plans it once per connection and
/// then runs it by name (``PostgresStoreDatabase``): for a statement of a few CTEs, parsing and
/// planning took longer than running it. SQLite keeps every statement prepared anyway
/// (``RawSQLiteConnection``).
struct SQLPrepared: SQLExpression {
    let statement: any SQLExpression

    func serialize(to serializer: inout SQLSerializer) {
        statement.serialize(to: &serializer)
    }
}

/// `raw(_:)` for a ``SQLPrepared`` statement: `first()`, `all()` and `run()` as usual.
final class SQLPreparedBuilder: SQLQueryFetcher {
    let query: any SQLExpression
    let database: any SQLDatabase

    init(_ statement: any SQLExpression, on database: any SQLDatabase) {
        query = SQLPrepared(statement: statement)
        self.database = database
    }
}

extension SQLDatabase {
    /// A statement of a hot path, prepared once per connection on PostgreSQL (``SQLPrepared``).
    func prepared(_ statement: SQLQueryString) -> SQLPreparedBuilder {
        SQLPreparedBuilder(statement, on: self)
    }

    /// A built statement (`select()…query`) of a hot path, prepared as ``prepared(_:)-(SQLQueryString)`` is.
    func prepared(_ statement: any SQLExpression) -> SQLPreparedBuilder {
        SQLPreparedBuilder(statement, on: self)
    }
}

import Logging
import NIOCore
import SQLKit

/// What Hearth's own SQLKit interfaces (``SQLiteStoreDatabase``, ``PostgresStoreDatabase``) share:
/// each runs statements with `async`, and SQLKit's future-based call goes through it.
protocol StoreDatabase: SQLDatabase {}

extension StoreDatabase {
    var version: (any SQLDatabaseReportedVersion)? { nil }
    /// Queries are never logged: their bind values include emails and credential hashes.
    var queryLogLevel: Logger.Level? { nil }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }
}

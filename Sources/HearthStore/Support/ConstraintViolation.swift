import PostgresNIO

/// Whether `error` is a unique-constraint violation on either backend,
/// so a race that slips past a pre-check still becomes a clear domain error.
func isUniqueViolation(_ error: any Error) -> Bool {
    if let error = error as? SQLiteStoreError {
        return error.isUniqueViolation
    }
    if let error = error as? PSQLError {
        return error.serverInfo?[.sqlState] == "23505"
    }
    return false
}

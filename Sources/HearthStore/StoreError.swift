/// Failures of the storage layer that are not a caller's mistake.
public enum StoreError: Error, CustomStringConvertible, Sendable {
    case unreachable(String, String)
    case badDatabaseURL(String)
    case migrationFailed(number: Int, name: String, reason: String)
    case unknownSchemaVersion(Int)
    /// A row that the same transaction just ensured is missing: a bug or a damaged database.
    case missingRow(String)

    public var description: String {
        switch self {
        case .unreachable(let what, let reason): "Cannot reach the database (\(what)): \(reason)"
        case .badDatabaseURL(let url): "HEARTH_DATABASE_URL is not a valid postgres:// URL: \(url)"
        case .migrationFailed(let number, let name, let reason): "Migration \(number) (\(name)) failed: \(reason)"
        case .unknownSchemaVersion(let version):
            "The database has schema version \(version), newer than this Hearth knows. Upgrade Hearth."
        case .missingRow(let table): "A row of \(table) vanished inside a transaction."
        }
    }
}

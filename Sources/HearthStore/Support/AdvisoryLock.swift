/// The PostgreSQL transaction advisory locks the servers of a cluster take turns with, each a number
/// of its own (`pg_advisory_xact_lock`); the locks a server holds while it lives are ``SessionLocks``.
/// On SQLite one server runs alone and takes none.
enum AdvisoryLock: Int64, Sendable {
    /// Held by each migration's transaction, so servers that start together migrate one at a time.
    case migrations = 0x4865_6172_7401
    /// Decides about the media files: transactions that link a file to a row hold it shared, and
    /// a file is removed only under it held alone, after no row was found to name it.
    case mediaFiles = 0x4865_6172_7402
}

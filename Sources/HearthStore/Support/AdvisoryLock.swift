/// The PostgreSQL advisory locks the servers of a cluster take turns with, each a number of its own
/// (`pg_advisory_xact_lock`, `pg_try_advisory_lock`). On SQLite one server runs alone and takes none.
enum AdvisoryLock: Int64, Sendable {
    /// Held by each migration's transaction, so servers that start together migrate one at a time.
    case migrations = 0x4865_6172_7401
    /// Held while a ``ClusterJob`` runs, so that one server of a cluster runs it at a time.
    case purge = 0x4865_6172_7402
    case nightlyBackups = 0x4865_6172_7403
}

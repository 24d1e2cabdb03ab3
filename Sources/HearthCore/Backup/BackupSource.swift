/// A backup as a restore reads it: the small parts whole (``outline``), the items and receipts a
/// batch at a time, so that what a restore holds does not grow with the backup.
public protocol BackupSource: Sendable {
    /// The backup without its items and receipts.
    var outline: HouseholdBackup { get }
    /// Calls `body` with the items, in the backup's order, a batch at a time.
    func items(_ body: ([HouseholdBackup.Item]) async throws -> Void) async throws
    /// Calls `body` with the receipts, in the backup's order, a batch at a time.
    func receipts(_ body: ([HouseholdBackup.Receipt]) async throws -> Void) async throws
    /// What reading the backup found that a person should know (said before the plan's warnings).
    var notes: [String] { get }
}

extension BackupSource {
    public var notes: [String] { [] }
}

/// A backup in memory is its own source.
extension HouseholdBackup: BackupSource {
    /// The items and receipts are handed over this many at a time.
    static let batchSize = 1000

    public var outline: HouseholdBackup {
        var outline = self
        outline.items = []
        outline.receipts = []
        return outline
    }

    public func items(_ body: ([Item]) async throws -> Void) async throws {
        for batch in items.chunks(of: Self.batchSize) { try await body(batch) }
    }

    public func receipts(_ body: ([Receipt]) async throws -> Void) async throws {
        for batch in receipts.chunks(of: Self.batchSize) { try await body(batch) }
    }
}

/// Where a backup read a part at a time goes (the store's `backup(householdId:appVersion:into:)`):
/// everything but the items and receipts first, then those a page at a time, so that what making
/// a backup holds does not grow with the household.
public protocol BackupSink: Sendable {
    func outline(_ outline: HouseholdBackup) async throws
    func items(_ items: [HouseholdBackup.Item]) async throws
    func receipts(_ receipts: [HouseholdBackup.Receipt]) async throws
}

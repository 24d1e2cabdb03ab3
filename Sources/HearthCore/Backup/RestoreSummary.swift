/// How a restore reconciles a backup with what the household has (the seed's table).
public enum RestoreStrategy: String, Sendable, CaseIterable, Codable {
    /// Adds the backup to the inventory: rooms and categories matched by name are updated and keep
    /// their id; items and receipts whose id the household has already are skipped.
    case merge
    /// Clears items, receipts and the rooms and categories people added, then restores the backup;
    /// the default rooms and categories stay (matched by name, they take the backup's properties).
    case replace
}

/// What a restore does or did: the preview before it runs and the report after.
public struct RestoreSummary: Sendable, Equatable, Codable {
    public struct Counts: Sendable, Equatable, Codable {
        public var added = 0
        public var updated = 0
        public var skipped = 0
        /// Cleared by a replacing restore before the backup is written.
        public var removed = 0

        public init(added: Int = 0, updated: Int = 0, skipped: Int = 0, removed: Int = 0) {
            self.added = added
            self.updated = updated
            self.skipped = skipped
            self.removed = removed
        }
    }

    public var strategy: RestoreStrategy
    public var rooms = Counts()
    public var categories = Counts()
    public var items = Counts()
    public var receipts = Counts()
    public var photos = Counts()
    public var documents = Counts()
    public var lists = Counts()
    public var claims = Counts()
    /// Focus sessions of the household's members.
    public var sessions = Counts()
    /// What was left out or changed on the way, one sentence each ("Photo … has no file …").
    public var warnings: [String] = []

    public init(strategy: RestoreStrategy) {
        self.strategy = strategy
    }

    subscript(kind: InventoryGroup.Kind) -> Counts {
        get { kind == .room ? rooms : categories }
        set { if kind == .room { rooms = newValue } else { categories = newValue } }
    }
}

/// Why a backup cannot be restored. Nothing changes when one is thrown.
public enum BackupError: Error, Equatable, Sendable {
    /// Neither a Hearth backup (archive or JSON) nor a Nestory Pro backup.
    case notABackup(String)
    case unsupportedFormat(Int)
    /// A file whose content does not match the SHA-256 the manifest gives.
    case checksumMismatch(String)
    /// A path that would land outside the backup's folder (zip-slip).
    case unsafePath(String)
    /// The archive expands past what a restore accepts (a zip bomb, or simply too large).
    case tooLarge(limitBytes: Int)
    /// A record that breaks a rule: which one and why.
    case invalidRecord(String)
    /// A number of nightly backups to keep out of range.
    case invalidKeepCount
    /// An encrypted backup, and no passphrase to open it.
    case passphraseNeeded
    /// An encrypted backup that this passphrase does not open.
    case wrongPassphrase
    /// An encrypted backup whose part `part` (counted from 1) was changed, moved or cut off.
    case damagedEncryption(part: UInt64)
    /// A backup passphrase too short to keep a backup safe.
    case weakPassphrase

    public static let minimumPassphraseLength = 10

    /// Refuses a passphrase a backup should not be encrypted with: under 10 characters, or over 1 KB.
    public static func check(passphrase: String) throws(BackupError) {
        guard passphrase.count >= minimumPassphraseLength, passphrase.utf8.count <= 1024 else { throw .weakPassphrase }
    }

    public var message: String {
        switch self {
        case .notABackup(let reason):
            "This file is not a backup Hearth can restore: \(reason) Hearth restores its own backups (a .zip, or the .json alone) and "
                + "Nestory Pro backups (nestory-backup-….json); spreadsheets (CSV from Hearth, Nestory Pro or HomeBox) go to Import on the Inventory reports page."
        case .unsupportedFormat(let version):
            "This backup has format version \(version); this Hearth reads version \(HouseholdBackup.currentFormat). Update Hearth and try again."
        case .checksumMismatch(let path): "The backup is damaged: \(path) does not match its SHA-256 in manifest.json. Nothing was restored."
        case .unsafePath(let path): "The archive holds a file at “\(path)”, outside the backup's folders; it was refused and nothing was restored."
        case .tooLarge(let limit): "The archive expands to more than \(limit / 1_048_576) MB; it was refused and nothing was restored."
        case .invalidRecord(let detail): "The backup cannot be restored: \(detail). Nothing was restored."
        case .invalidKeepCount: "Keep from 0 (no nightly backups) to 90 backups."
        case .passphraseNeeded: "This backup is encrypted: give the passphrase it was made with."
        case .wrongPassphrase: "This passphrase does not open the encrypted backup: check it (it is the one the backup was made with) and try again."
        case .damagedEncryption(let part):
            "The encrypted backup is damaged: its part \(part) was changed, or the file was cut short. Nothing was read from it; try another copy."
        case .weakPassphrase: "Choose a backup passphrase of at least \(Self.minimumPassphraseLength) characters: anyone with a copy of a backup could try short ones."
        }
    }
}

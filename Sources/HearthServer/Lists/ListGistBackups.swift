import Crypto
import Foundation
import HearthCore
import HearthReports
import HearthStore
import Logging

/// The lists' Gist backup (the original app's GitHub Gist backup): an account's token and
/// passphrase, sealed with the server's key; one secret gist per account and household, found
/// again by its description, holding the household's lists encrypted with the passphrase and a
/// README saying what it is; its revisions restored by the backups' merge and replace rules.
struct ListGistBackups: Sendable {
    let store: ListGistStore
    let inventory: InventoryStore
    let secrets: SecretBox
    /// `HEARTH_GITHUB_API_URL`: GitHub's API, or a GitHub Enterprise server's.
    let apiURL: String
    let allowLoopback: Bool
    let clock: any WallClock
    let logger: Logger
    private let cache = GitHubGists.ResponseCache()

    init(store: ListGistStore, inventory: InventoryStore, secrets: SecretBox, apiURL: String, allowLoopback: Bool, clock: any WallClock,
         logger: Logger) {
        self.store = store
        self.inventory = inventory
        self.secrets = secrets
        self.apiURL = apiURL.hasSuffix("/") ? String(apiURL.dropLast()) : apiURL
        self.allowLoopback = allowLoopback
        self.clock = clock
        self.logger = logger
    }

    func github(token: String) -> GitHubGists {
        GitHubGists(apiURL: apiURL, token: token, allowLoopback: allowLoopback, cache: cache)
    }

    /// Checks the token with GitHub (`GET /user`) and keeps it with the passphrase; its login.
    func connect(accountId: UUID, householdId: UUID, token: String, passphrase: String, schedule: ListGistBackup.Schedule) async throws -> ListGistBackup {
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, token.utf8.count <= 1000, !token.contains(where: \.isWhitespace) else { throw GistBackupError.tokenRefused("it is empty or not a token") }
        try BackupError.check(passphrase: passphrase)
        let login = try await github(token: token).user().login
        try await store.connect(accountId: accountId, householdId: householdId, token: try secrets.seal(token),
                                passphrase: try secrets.seal(passphrase), login: login, schedule: schedule)
        guard let connected = try await store.find(accountId: accountId, householdId: householdId) else { throw GistBackupError.notConnected }
        return connected.backup
    }

    /// Backs the household's lists up now: a new revision of the gist (made when there is none, or
    /// when it was deleted), unless `onlyWhenChanged` and they are what the last backup sent.
    @discardableResult
    func backUp(accountId: UUID, householdId: UUID, onlyWhenChanged: Bool = false) async throws -> ListGistBackup {
        guard let sealed = try await store.find(accountId: accountId, householdId: householdId) else { throw GistBackupError.notConnected }
        let lists = try await inventory.listsBackup(householdId: householdId, appVersion: HearthVersion.current)
        let digest = try Self.digest(lists)
        if onlyWhenChanged && digest == sealed.contentDigest { return sealed.backup }
        do {
            let files = [ListGistBackup.dataFile: try BackupCipher.encrypt(try lists.encoded(), passphrase: try secrets.open(sealed.passphrase)).base64EncodedString(),
                         ListGistBackup.readmeFile: Self.readme(lists)]
            let gists = github(token: try secrets.open(sealed.token))
            let description = ListGistBackup.description(householdId: householdId)
            var known = sealed.backup.gistId
            if known == nil { known = try await gists.findGist(description: description) }
            let gistId: String
            if let known {
                do {
                    try await gists.update(id: known, files: files)
                    gistId = known
                } catch GistBackupError.gistMissing {  // deleted on GitHub: a new one
                    gistId = try await gists.create(description: description, files: files)
                }
            } else {
                gistId = try await gists.create(description: description, files: files)
            }
            try await store.recordBackup(accountId: accountId, householdId: householdId, gistId: gistId, digest: digest)
        } catch let error as GistBackupError {
            try await record(error, accountId: accountId, householdId: householdId)
            throw error
        }
        return try await store.find(accountId: accountId, householdId: householdId)?.backup ?? sealed.backup
    }

    private func record(_ error: GistBackupError, accountId: UUID, householdId: UUID) async throws {
        var waitUntil: Date?, stop = false
        switch error {
        case .rateLimited(let until): waitUntil = until
        case .tokenRefused: stop = true
        default: waitUntil = clock.now + 3600  // GitHub down or refusing: try again in an hour, not every few minutes
        }
        try await store.recordFailure(accountId: accountId, householdId: householdId, error: error.message, stop: stop, waitUntil: waitUntil)
    }

    /// The lists' digest, whatever the time of the backup: an unchanged household sends nothing.
    static func digest(_ lists: ListsBackup) throws -> String {
        var timeless = lists
        timeless.exportDate = Date(timeIntervalSince1970: 0)
        return SHA256.hash(data: try timeless.encoded()).hexString
    }

    /// "1 list", "2 lists".

    /// The gist's README: what it is, and its counts (also read back for the list of revisions).
    static func readme(_ lists: ListsBackup) -> String {
        let counts = lists.counts
        let json = (try? JSONEncoder().encode(counts)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return """
            # Hearth shopping lists backup

            This secret gist is a backup of a household's shopping lists, made by Hearth \
            \(lists.exportDate.formatted(.iso8601)): \(counts.lists.counted(.list)), \(counts.deletedLists) in Recently deleted, \(counts.items.counted(.item)).

            `\(ListGistBackup.dataFile)` holds them encrypted with the passphrase chosen in Hearth (base64 of Hearth's \
            encrypted backup format, `docs/encrypted-backups.md`): this gist alone does not reveal them. \
            Restore a revision from Hearth's Settings → Lists backup.

            <!-- hearth-counts: \(json) -->
            """
    }
}

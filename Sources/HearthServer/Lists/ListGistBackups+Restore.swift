import Foundation
import HearthCore
import HearthReports

/// A Gist backup's revisions, and a revision restored into the household's lists: Hearth's own
/// encrypted file, or a plain JSON file the original app wrote.
extension ListGistBackups {
    /// A revision of the gist, with what it holds when that can be told without its passphrase.
    struct Revision: Sendable, Equatable {
        enum Kind: String, Sendable { case hearth, original, unknown }
        let version: String
        let committedAt: Date
        let kind: Kind
        let counts: ListsBackup.Counts?
    }

    /// The gist's newest 30 revisions, newest first: Hearth's own gist, or `gistId` (another gist of
    /// the token's account, such as the original app's).
    func revisions(accountId: UUID, householdId: UUID, gistId: String? = nil) async throws -> (gistId: String, revisions: [Revision]) {
        let (gists, id) = try await gist(accountId: accountId, householdId: householdId, gistId: gistId)
        var revisions: [Revision] = []
        for commit in try await gists.commits(id: id).prefix(30) {
            let files = try await gists.gist(id: id, version: commit.version).files
            let (kind, counts) = Self.outline(files)
            revisions.append(Revision(version: commit.version, committedAt: commit.committedAt, kind: kind, counts: counts))
        }
        return (id, revisions)
    }

    /// Restores revision `version` into the household's lists by `strategy` (with `dryRun` only
    /// says what it would do). Hearth's files are opened with `passphrase`.
    func restore(accountId: UUID, householdId: UUID, version: String, passphrase: String?, strategy: RestoreStrategy, dryRun: Bool,
                 gistId: String? = nil) async throws -> (summary: RestoreSummary, items: Int) {
        let (gists, id) = try await gist(accountId: accountId, householdId: householdId, gistId: gistId)
        let files = try await gists.gist(id: id, version: version).files
        let (backup, warnings) = try await read(files, from: gists, passphrase: passphrase)
        let summary = try await inventory.restoreLists(backup, householdId: householdId, strategy: strategy, dryRun: dryRun, warnings: warnings)
        return (summary, backup.lists.reduce(0) { $0 + $1.items.count })
    }

    private func gist(accountId: UUID, householdId: UUID, gistId: String?) async throws -> (GitHubGists, String) {
        guard let sealed = try await store.find(accountId: accountId, householdId: householdId) else { throw GistBackupError.notConnected }
        let gists = github(token: try secrets.open(sealed.token))
        if let gistId = gistId.flatMap(Self.gistId(from:)) { return (gists, gistId) }
        if let own = sealed.backup.gistId { return (gists, own) }
        guard let found = try await gists.findGist(description: ListGistBackup.description(householdId: householdId)) else { throw GistBackupError.gistMissing }
        return (gists, found)
    }

    /// A gist's id from the id itself or its address (`https://gist.github.com/login/<id>`).
    static func gistId(from text: String) -> String? {
        let last = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "/").last.map(String.init) ?? ""
        return !last.isEmpty && last.count <= 64 && last.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? last : nil
    }

    /// What a revision is, and its counts: from Hearth's README, or read from the original app's JSON.
    static func outline(_ files: [String: GitHubGists.Gist.File]) -> (Revision.Kind, ListsBackup.Counts?) {
        if files[ListGistBackup.dataFile] != nil {
            let readme = files[ListGistBackup.readmeFile]?.content ?? ""
            let counts = readme.firstMatch(of: /<!-- hearth-counts: (\{[^}]*\}) -->/).flatMap {
                try? JSONDecoder().decode(ListsBackup.Counts.self, from: Data(String($0.output.1).utf8))
            }
            return (.hearth, counts)
        }
        for file in files.values {
            guard file.truncated != true, let data = file.content.map({ Data($0.utf8) }), OriginalListsBackup.matches(data),
                  let original = try? OriginalListsBackup(data, now: Date(), appVersion: HearthVersion.current) else { continue }
            return (.original, original.backup.counts)
        }
        return (.unknown, nil)
    }

    /// The lists a revision's files hold, and what the preview should say of them.
    private func read(_ files: [String: GitHubGists.Gist.File], from gists: GitHubGists, passphrase: String?) async throws -> (ListsBackup, [String]) {
        if let file = files[ListGistBackup.dataFile] {
            guard let sealed = Data(base64Encoded: try await gists.content(of: file), options: .ignoreUnknownCharacters) else {
                throw GistBackupError.unreadable("its \(ListGistBackup.dataFile) is not the base64 Hearth writes.")
            }
            guard let passphrase, !passphrase.isEmpty else { throw BackupError.passphraseNeeded }
            return (try ListsBackup.decode(try BackupCipher.decrypt(sealed, passphrase: passphrase, limit: 256 << 20)), [])
        }
        var unreadable: [String] = []
        for (name, file) in files.sorted(by: { $0.key < $1.key }) {
            let data = try await gists.content(of: file)
            if OriginalListsBackup.matches(data) {
                let original = try OriginalListsBackup(data, now: clock.now, appVersion: HearthVersion.current)
                return (original.backup, original.warnings)
            }
            unreadable.append(name)
        }
        throw GistBackupError.unreadable("none of its files (\(unreadable.joined(separator: ", "))) is a lists backup Hearth or the original app "
                                         + "wrote as JSON. An encrypted file of the original app cannot be read here.")
    }
}

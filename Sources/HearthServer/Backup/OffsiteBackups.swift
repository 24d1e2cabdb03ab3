import Foundation
import HearthCore
import HearthReports
import HearthStore
import Logging

/// Sends each household's nightly backups off the server: encrypted with the household's backup
/// passphrase (``BackupCipher``) and uploaded to its own folder in a WebDAV folder
/// (`HEARTH_BACKUP_WEBDAV_URL`), where the newest N are kept, as on the server. A failure is
/// recorded for the Backups page and logged; it never fails the backup kept on the server.
struct OffsiteBackups: Sendable {
    let folder: WebDAVFolder
    let inventory: InventoryStore
    let secrets: SecretBox
    let temporaryFolder: URL
    let logger: Logger

    /// Where the household's copies go.
    func householdFolder(_ householdId: UUID) -> WebDAVFolder { folder.subfolder(householdId.text.lowercased()) }

    /// Encrypts the kept backup `file` (named `name`) and uploads it; then keeps only the newest
    /// `keep` there.
    func send(_ file: URL, name: String, householdId: UUID, keep: Int) async {
        let sentName = BackupCipher.encryptedName(name)
        do {
            guard let sealed = try await inventory.sealedBackupPassphrase(householdId: householdId) else {
                throw WebDAVFolder.Failure(description: "No backup passphrase is set: choose one on the Backups page, and the next backup goes off-site.")
            }
            let passphrase = try secrets.open(sealed)
            let encrypted = temporaryFolder.appendingPathComponent("offsite-\(UUID().text)")
            defer { try? FileManager.default.removeItem(at: encrypted) }
            try await Blocking.run { try BackupCipher.encrypt(file, to: encrypted, passphrase: passphrase) }
            let target = householdFolder(householdId)
            try await target.create()
            try await target.upload(encrypted, as: sentName)
            let sent = try await target.list().filter(Self.isSentName).sorted(by: >)
            for old in sent.dropFirst(max(keep, 1)) { try await target.delete(old) }
            try await inventory.recordOffsiteBackup(householdId: householdId, sentName: sentName, error: nil)
            logger.info("Backup sent off-site", metadata: ["household": "\(householdId)", "file": "\(sentName)"])
        } catch {
            let reason = Self.describe(error)
            try? await inventory.recordOffsiteBackup(householdId: householdId, sentName: nil, error: reason)
            logger.error("A backup could not be sent off-site", metadata: ["household": "\(householdId)", "error": "\(reason)"])
        }
    }

    /// `hearth-backup-20261124-030000.zip.enc`, nothing else (never a file someone else keeps there).
    static func isSentName(_ name: String) -> Bool {
        name.hasSuffix(".enc") && HouseholdBackups.isKeptName(String(name.dropLast(4)))
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let failure as WebDAVFolder.Failure: failure.description
        case let error as BackupError: error.message
        default: "\(error)"
        }
    }
}

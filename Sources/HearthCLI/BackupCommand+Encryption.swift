import ArgumentParser
import Foundation
import HearthCore
import HearthReports

/// `hearth backup encrypt` and `hearth backup decrypt`: an encrypted backup (the format in
/// docs/encrypted-backups.md) made from any backup file, and the backup back from one. They work
/// on files alone: no server is asked.
extension BackupCommand {
    struct Encrypt: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Encrypt a backup file with a passphrase, to keep it where others can read it.",
            discussion: "The passphrase is asked for (twice), or read from HEARTH_BACKUP_PASSPHRASE. Without it the file cannot be opened: keep it safe."
        )

        @Argument(help: "The backup file (.zip or .json).") var file: String
        @Option(name: .shortAndLong, help: "The file to write (default: FILE.enc).") var output: String?

        func run() async throws {
            let destination = output ?? BackupCipher.encryptedName(file)
            try requireNew(destination)
            let passphrase = try BackupPassphrase.read(twice: true)
            try BackupPassphrase.check(passphrase)
            try translatingBackupErrors {
                try BackupCipher.encrypt(URL(fileURLWithPath: file), to: URL(fileURLWithPath: destination), passphrase: passphrase)
            }
            print("Encrypted to \(destination).")
        }
    }

    struct Decrypt: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn an encrypted backup (.enc) back into the backup file, with its passphrase.",
            discussion: "The passphrase is asked for, or read from HEARTH_BACKUP_PASSPHRASE. A restore also takes the encrypted file directly."
        )

        @Argument(help: "The encrypted backup (hearth-backup-….zip.enc).") var file: String
        @Option(name: .shortAndLong, help: "The file to write (default: FILE without .enc).") var output: String?

        func run() async throws {
            let destination = output ?? (file.hasSuffix(".enc") ? String(file.dropLast(4)) : file + ".zip")
            try requireNew(destination)
            guard BackupCipher.isEncrypted(URL(fileURLWithPath: file)) else {
                throw CLIError("\(file) is not an encrypted Hearth backup (it does not start as one).")
            }
            let passphrase = try BackupPassphrase.read(twice: false)
            try translatingBackupErrors {
                try BackupCipher.decrypt(URL(fileURLWithPath: file), to: URL(fileURLWithPath: destination), passphrase: passphrase)
            }
            print("Decrypted to \(destination).")
        }
    }
}

/// A backup's passphrase: from `HEARTH_BACKUP_PASSPHRASE`, else asked for (not echoed).
enum BackupPassphrase {
    static func read(twice: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let given = environment["HEARTH_BACKUP_PASSPHRASE"], !given.isEmpty { return given }
        let passphrase = try Prompt.secret("Backup passphrase: ")
        if twice && isatty(STDIN_FILENO) == 1 {
            guard try Prompt.secret("The same passphrase again: ") == passphrase else { throw CLIError("The two passphrases differ; nothing was written.") }
        }
        return passphrase
    }

    static func check(_ passphrase: String) throws {
        do { try BackupError.check(passphrase: passphrase) } catch { throw CLIError(error.message) }
    }
}

private func requireNew(_ path: String) throws {
    guard !FileManager.default.fileExists(atPath: path) else { throw CLIError("\(path) exists already; choose a new file name with --output.") }
}

private func translatingBackupErrors(_ work: () throws -> Void) throws {
    do {
        try work()
    } catch let error as BackupError {
        throw CLIError(error.message)
    } catch let error as CocoaError {
        throw CLIError(error.localizedDescription)
    }
}

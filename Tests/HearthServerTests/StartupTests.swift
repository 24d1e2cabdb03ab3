import Foundation
import HearthCore
import HearthStore
import HummingbirdTesting
import Testing
@testable import HearthServer

@Suite struct StartupTests {
    @Test func anUnwritableDataDirectoryIsRefusedWithItsPath() async throws {
        // A regular file where the data directory should be: nobody, not even root, can create files in it.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-not-a-dir-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var configuration = AppConfiguration.testing()
        configuration.inMemoryDatabase = false
        configuration.dataDirectory = file.path

        await #expect { _ = try await buildApplication(configuration) } throws: { error in
            String(describing: error).contains("The data directory \(file.path) is not writable")
        }
    }

    @Test func anUnreachablePostgreSQLIsRefusedWithoutItsPassword() async throws {
        var configuration = AppConfiguration.testing()
        configuration.databaseURL = "postgres://hearth:s3cret@127.0.0.1:1/hearth"

        await #expect { _ = try await buildApplication(configuration) } throws: { error in
            let text = String(describing: error)
            return text.contains("Cannot reach the database (PostgreSQL at postgres://hearth:***@127.0.0.1:1/hearth)")
                && !text.contains("s3cret")
        }
    }

    @Test func aMalformedDatabaseURLIsRefused() async throws {
        var configuration = AppConfiguration.testing()
        configuration.databaseURL = "postgres://hea rth:pa#ss@host/db"
        await #expect { _ = try await buildApplication(configuration) } throws: { error in
            let text = String(describing: error)
            return text.contains("HEARTH_DATABASE_URL") && !text.contains("pa#ss")
        }
    }

    /// A configuration with its own data folder (and so its own key file) on `databaseURL`, or on
    /// SQLite in the folder.
    static func server(databaseURL: String? = nil, media: URL? = nil) -> (AppConfiguration, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-start-\(UUID().uuidString)")
        var configuration = AppConfiguration.testing()
        configuration.inMemoryDatabase = false
        configuration.dataDirectory = folder.path
        configuration.databaseURL = databaseURL
        configuration.mediaDirectoryOverride = media?.path
        return (configuration, folder)
    }

    /// Starts and stops a server with `configuration`.
    static func start(_ configuration: AppConfiguration) async throws {
        try await buildApplication(configuration).test(.router) { _ in }
    }

    @Test func aServerWithAnotherKeyThanTheDatabasesIsRefusedAndToldWhatToCopy() async throws {
        let (configuration, folder) = Self.server()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.start(configuration)
        // The key file is replaced (a database copied to a new machine without its key).
        try Data(repeating: 7, count: 32).write(to: folder.appendingPathComponent("hearth.key"))
        await #expect { try await Self.start(configuration) } throws: { error in
            String(describing: error).contains("set HEARTH_SECRET_KEY to the first server's (or copy the file hearth.key")
        }
    }

    @Test func theServersOfAPostgreSQLDatabaseShareOneKeyAndOneMediaFolder() async throws {
        try await withPostgresDatabase { url in
            let media = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-shared-media-\(UUID().uuidString)")
            let (first, firstFolder) = Self.server(databaseURL: url, media: media)
            defer { for folder in [media, firstFolder] { try? FileManager.default.removeItem(at: folder) } }
            try await Self.start(first)
            #expect(FileManager.default.fileExists(atPath: media.appendingPathComponent(".hearth-media").path))

            // Another data folder makes another key: refused.
            let (second, secondFolder) = Self.server(databaseURL: url, media: media)
            defer { try? FileManager.default.removeItem(at: secondFolder) }
            await #expect { try await Self.start(second) } throws: { String(describing: $0).contains("HEARTH_SECRET_KEY") }

            // With the first server's key, but a media folder of its own: refused.
            try FileManager.default.removeItem(at: secondFolder.appendingPathComponent("hearth.key"))
            try FileManager.default.copyItem(at: firstFolder.appendingPathComponent("hearth.key"), to: secondFolder.appendingPathComponent("hearth.key"))
            var ownMedia = second
            ownMedia.mediaDirectoryOverride = nil
            await #expect { try await Self.start(ownMedia) } throws: { error in
                String(describing: error).contains("is not the one the servers of this database share")
                    && String(describing: error).contains("HEARTH_MEDIA_DIR")
            }
            #expect(!FileManager.default.fileExists(atPath: secondFolder.appendingPathComponent("media/.hearth-media").path))

            // With the key and the shared folder: it starts.
            try await Self.start(second)
        }
    }

    @Test func aMediaFolderOfAnotherDatabaseIsRefused() async throws {
        try await withPostgresDatabase { first in
            try await withPostgresDatabase { second in
                let media = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-media-\(UUID().uuidString)")
                let (one, oneFolder) = Self.server(databaseURL: first, media: media)
                let (other, otherFolder) = Self.server(databaseURL: second, media: media)
                defer { for folder in [media, oneFolder, otherFolder] { try? FileManager.default.removeItem(at: folder) } }
                try await Self.start(one)
                await #expect { try await Self.start(other) } throws: { String(describing: $0).contains("belongs to another Hearth database") }
            }
        }
    }

    @Test func onPostgreSQLNightlyBackupsMoveToTheSharedMediaFolder() async throws {
        try await withPostgresDatabase { url in
            let (configuration, folder) = Self.server(databaseURL: url)
            defer { try? FileManager.default.removeItem(at: folder) }
            let household = folder.appendingPathComponent("backups/0a1b")
            try FileManager.default.createDirectory(at: household, withIntermediateDirectories: true)
            try Data("zip".utf8).write(to: household.appendingPathComponent("hearth-backup-20261124-030000.zip"))
            try await Self.start(configuration)
            let moved = folder.appendingPathComponent("media/backups/0a1b/hearth-backup-20261124-030000.zip")
            #expect(try String(contentsOf: moved, encoding: .utf8) == "zip")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("backups").path))
        }
    }
}

import Foundation
import HearthCore
import HearthStore
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
}

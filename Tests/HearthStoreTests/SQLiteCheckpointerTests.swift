import Foundation
import Logging
import SQLKit
import Testing
@testable import HearthStore

@Suite struct SQLiteCheckpointerTests {
    @Test func commitsDoNotCheckpointAndAnIdleDatabaseLeavesNoLog() async throws {
        // Setup: a database file of its own.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-checkpoints-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hearth.sqlite").path
        let database = try await Database.open(.sqliteFile(path: path), logger: Logger(label: "test"))

        // The writer leaves checkpoints to the checkpointer (SQLite reports 0 pages once a hook replaced its own).
        let automatic = try await database.sql.raw("PRAGMA wal_autocheckpoint").first()?.decode(column: "wal_autocheckpoint", as: Int.self)
        #expect(automatic == 0)
        let synchronous = try await database.sql.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self)
        #expect(synchronous == 1, "NORMAL")

        // Act: more than a checkpoint's worth of pages, in many commits.
        try await database.run("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
        let body = String(repeating: "x", count: 2_000)
        for number in 0..<3_000 {
            try await database.sql.raw("INSERT INTO notes (id, body) VALUES (\(bind: number), \(bind: body))").run()
        }

        // Assert: once idle, the log is copied back and truncated, and everything reads back.
        let log = path + "-wal"
        let deadline = ContinuousClock.now + .seconds(30)
        while (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0 > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect((try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) == 0, "the log was not truncated when idle")
        let count = try await database.sql.raw("SELECT COUNT(*) AS count FROM notes").first()?.decode(column: "count", as: Int.self)
        #expect(count == 3_000)
        try await database.close()

        // A new opening reads every row from the file alone.
        let reopened = try await Database.open(.sqliteFile(path: path), logger: Logger(label: "test"))
        let again = try await reopened.sql.raw("SELECT COUNT(*) AS count FROM notes").first()?.decode(column: "count", as: Int.self)
        try await reopened.close()
        #expect(again == 3_000)
    }
}

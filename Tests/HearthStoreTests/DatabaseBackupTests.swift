import Foundation
import HearthCore
import Logging
import SQLKit
import Testing
@testable import HearthStore

@Suite struct DatabaseBackupTests {
    let logger = Logger(label: "test")

    @Test func aCopyMadeWhileTheServerWritesOpensAndIsSound() async throws {
        // Setup: a database file that a "server" keeps writing to, and a second connection for the backup.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-backup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hearth.sqlite").path
        let server = try await Database.open(.sqliteFile(path: path), logger: logger)
        try await server.migrate()
        let lists = ListStore(database: server, clock: SystemClock())
        let home = try await AccountStore(database: server, clock: SystemClock()).register(name: "Ada", email: "ada@example.org", passwordHash: "h").householdId
        let list = try await lists.createList(id: nil, householdId: home, name: "Groceries", emoji: nil).list
        let cli = try await Database.open(.sqliteFile(path: path), logger: logger)

        // Act: copies taken while items are being added (the writer runs until the copies are made).
        let stop = StopFlag()
        let writer = Task {
            var added = 0
            while !stop.isSet {
                _ = try await lists.addItem(id: nil, listId: list.id, householdId: home, name: "Item \(added)", quantity: nil, note: nil)
                added += 1
            }
            return added
        }
        var copies: [String] = []
        for index in 0..<3 {
            let copy = folder.appendingPathComponent("copy-\(index).sqlite").path
            try await cli.backup(to: copy, logger: logger)
            copies.append(copy)
        }
        stop.set()
        let total = try await writer.value

        // Check: each copy opens, passes the integrity check and holds a whole number of committed items.
        var counts: [Int] = []
        for copy in copies {
            let database = try await Database.open(.sqliteFile(path: copy), logger: logger)
            let check = try await database.sql.raw("PRAGMA integrity_check").first()?.decode(column: "integrity_check", as: String.self)
            #expect(check == "ok")
            counts.append(try await database.sql.raw("SELECT COUNT(*) AS n FROM list_items").first()?.decode(column: "n", as: Int.self) ?? -1)
            try await database.close()
        }
        #expect(counts == counts.sorted())
        #expect(counts.allSatisfy { $0 < total }, "every copy was taken while items were still being added: \(counts) of \(total)")
        await #expect(throws: Database.BackupError.self) { try await cli.backup(to: copies[0], logger: logger) }
        try await cli.close()
        try await server.close()
    }

    @Test func postgresSaysToUsePgDump() async throws {
        guard Backend.available.contains(.postgres) else { return }
        try await withDatabase(.postgres) { database in
            await #expect(throws: Database.BackupError.postgres) { try await database.backup(to: "/tmp/never", logger: logger) }
        }
    }
}

/// A flag one task sets and another reads.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

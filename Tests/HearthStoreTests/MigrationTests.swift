import Foundation
import Testing
@testable import HearthStore

@Suite struct MigrationTests {
    @Test(arguments: Backend.available)
    func migrationsApplyOnceAndAreRecorded(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            // withDatabase already migrated; a second run applies nothing.
            let again = try await database.migrate()
            #expect(again.isEmpty)
            #expect(try await database.appliedMigrations() == Set(Database.migrations.map(\.number)))
        }
    }

    @Test func migrationNumbersAreConsecutiveFromOne() {
        #expect(Database.migrations.map(\.number) == Array(1...Database.migrations.count))
    }

    @Test(arguments: Backend.available)
    func refusesADatabaseFromANewerHearth(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            try await database.run("INSERT INTO schema_migrations (number, name, applied_at) VALUES (9999, 'future', \(backend == .sqlite ? "0" : "now()"))")
            await #expect(throws: StoreError.self) { try await database.migrate() }
        }
    }
}

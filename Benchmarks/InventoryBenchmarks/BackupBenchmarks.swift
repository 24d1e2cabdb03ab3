import Benchmark
import Foundation
import HearthCore
import HearthReports
import HearthStore

/// Backup and restore of a household of 20,000 items (with photo rows), and an import of a HomeBox
/// file of 5,000 rows, on an SQLite file and (with `HEARTH_TEST_POSTGRES_URL`) PostgreSQL. Goals
/// (issue 21, at 100,000 items: backup JSON < 3 s, restore < 5 s): at 20,000 backup (JSON) < 0.6 s,
/// restore, merge and replace, < 1 s on both; HomeBox preview < 1 s, import < 2 s.
/// `scripts/backup-figures.py` measures 100,000 through a release server, with memory.
func backupBenchmarks() {
    var backends: [InventoryFixture.Backend] = [.sqliteFile]
    if let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"] { backends.append(.postgres(serverURL: url)) }
    for backend in backends {
        let fixture = InventoryFixture(backend: backend, itemCount: 20_000)
        let configuration = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 8,
                                                    setup: { try await fixture.load() }, teardown: { try await fixture.close() })
        let suffix = "20k items (\(backend.name))"
        Benchmark("Backup as JSON, \(suffix)", configuration: configuration) { _ in
            let backup = try await fixture.store.backup(householdId: fixture.householdId, appVersion: "bench")
            blackHole(try backup.json())
        }
        Benchmark("Restore merge into a new household, \(suffix)", configuration: configuration) { benchmark in
            let backup = try await fixture.store.backup(householdId: fixture.householdId, appVersion: "bench")
            let home = try await fixture.newHousehold()
            benchmark.startMeasurement()
            blackHole(try await fixture.store.restore(backup, householdId: home, strategy: .merge, archiveFiles: backup.fileHashes, place: { _ in }, dryRun: false))
            benchmark.stopMeasurement()
        }
        Benchmark("Restore replace over itself, \(suffix)", configuration: configuration) { benchmark in
            let backup = try await fixture.store.backup(householdId: fixture.householdId, appVersion: "bench")
            benchmark.startMeasurement()
            blackHole(try await fixture.store.restore(backup, householdId: fixture.householdId, strategy: .replace,
                                                      archiveFiles: backup.fileHashes, place: { _ in }, dryRun: false))
            benchmark.stopMeasurement()
        }
        for dryRun in [true, false] {
            Benchmark("HomeBox CSV of 5,000 rows, \(dryRun ? "preview" : "import") (\(backend.name))", configuration: configuration) { benchmark in
                let text = HomeBoxFile.text(rows: 5_000)
                let home = try await fixture.newHousehold()
                benchmark.startMeasurement()
                let read = try HomeBoxCSV.items(from: text, currency: "USD")
                blackHole(try await fixture.store.importItems(read, householdId: home, dryRun: dryRun))
                benchmark.stopMeasurement()
            }
        }
    }
}

extension HouseholdBackup {
    /// Every file the backup names, as if all were in the archive.
    var fileHashes: Set<String> { Set(files.map(\.sha256)) }
}

extension InventoryFixture {
    /// A household of its own, empty, in the fixture's database.
    func newHousehold() async throws -> UUID {
        try await AccountStore(database: database, clock: SystemClock())
            .register(name: "Bench", email: "bench-\(UUID().uuidString.prefix(8))@example.org", passwordHash: "x").householdId
    }
}

/// A HomeBox export of `rows` items made from the catalog: HomeBox's columns, comma separated.
enum HomeBoxFile {
    static func text(rows: Int) -> String {
        var catalog = HouseholdCatalog(rooms: [UUID()], categories: [UUID()], seed: 5_000)
        var lines = ["HB.import_ref,HB.location,HB.labels,HB.name,HB.quantity,HB.description,HB.manufacturer,HB.model_number,"
            + "HB.serial_number,HB.purchase_price,HB.purchase_from,HB.purchase_time,HB.warranty_expires,HB.notes,HB.field.Color"]
        let locations = ["Home / Living room", "Home / Kitchen", "Home / Garage", "Home / Office / Desk", "Cabin / Shed"]
        for index in 0..<rows {
            let item = catalog.nextItem()
            let fields = [
                "REF-\(index)", locations[index % locations.count], item.tags.joined(separator: "; "), item.name, String(item.quantity),
                item.description ?? "", item.brand ?? "", item.model ?? "", item.serialNumber ?? "", item.purchasePrice?.decimalString ?? "0",
                item.purchasePlace ?? "", item.purchaseDate?.description ?? "", "", item.notes ?? "", index % 3 == 0 ? "Black" : "",
            ]
            lines.append(fields.map { $0.contains(where: { ",\"\n".contains($0) }) ? "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : $0 }
                .joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

import Benchmark
import Foundation
import HearthCore
import HearthReports
import HearthStore

/// Hearth's CSV of a household of 20,000 items on an SQLite file and (with
/// `HEARTH_TEST_POSTGRES_URL`) PostgreSQL: the export, page by page as the API streams it, and the
/// import of that file, into a new household and again into the same one (every row unchanged).
/// Goals: the for 100,000 items at a fifth of the size, export < 0.4 s, import < 1 s;
/// `scripts/csv-figures.py` measures 100,000 through a release server.
func csvBenchmarks() {
    var backends: [InventoryFixture.Backend] = [.sqliteFile]
    if let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"] { backends.append(.postgres(serverURL: url)) }
    for backend in backends {
        let fixture = InventoryFixture(backend: backend)
        // Each import into a new household adds 20,000 items to the database: a few iterations.
        let configuration = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(60), maxIterations: 5,
                                                    setup: { try await fixture.load() }, teardown: { try await fixture.close() })
        let suffix = "20k items (\(backend.name))"
        Benchmark("CSV export, \(suffix)", configuration: configuration) { _ in
            var bytes = 0
            for try await chunk in try await fixture.csvPages() { bytes += chunk.utf8.count }
            blackHole(bytes)
        }
        Benchmark("CSV import into a new household, \(suffix)", configuration: configuration) { benchmark in
            let file = Data(try await fixture.csvPages().reduce("", +).utf8)
            let home = try await fixture.newHousehold()
            benchmark.startMeasurement()
            let read = try InventoryCSV.items(from: try CSVText(decoding: file).text, currency: "USD")
            blackHole(try await fixture.store.importItems(read, householdId: home, dryRun: false))
            benchmark.stopMeasurement()
        }
        Benchmark("CSV import again, every row unchanged, \(suffix)", configuration: configuration) { benchmark in
            let file = Data(try await fixture.csvPages().reduce("", +).utf8)
            benchmark.startMeasurement()
            let read = try InventoryCSV.items(from: try CSVText(decoding: file).text, currency: "USD")
            blackHole(try await fixture.store.importItems(read, householdId: fixture.householdId, dryRun: false))
            benchmark.stopMeasurement()
        }
    }
}

extension InventoryFixture {
    /// The household's CSV as the export endpoint writes it, one page of the store at a time.
    func csvPages() async throws -> InventoryCSV.Pages {
        let (store, householdId) = (store!, householdId)
        var names: [UUID: String] = [:]
        for kind in InventoryGroup.Kind.allCases {
            for group in try await store.groups(kind, householdId: householdId) { names[group.id] = group.name }
        }
        return InventoryCSV.Pages(groupNames: names) { cursor in
            try await store.exportPage(householdId: householdId, ItemQuery(cursor: cursor))
        }
    }
}

import Benchmark
import Foundation
import HearthCore
import HearthStore

/// The inventory of a large household (``InventoryFixture/itemCount`` items) on an SQLite file
/// and, when `HEARTH_TEST_POSTGRES_URL` is set, on PostgreSQL: the first page of the item list
/// (60 items, as the page shows) by name and by value, search as you type, and the inventory
/// home's summary. The issue's goals, p99: first page < 50 ms, search < 30 ms, summary < 50 ms.
/// Search with filters (`room:kitchen value>500`) should stay as fast as search as you type.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(5), maxIterations: 2000)
    queryBenchmarks()
    backupBenchmarks()
    csvBenchmarks()
}

/// The item list, search and summary at 20,000 items.
func queryBenchmarks() {
    var backends: [InventoryFixture.Backend] = [.sqliteFile]
    if let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"] {
        backends.append(.postgres(serverURL: url))
    }
    for backend in backends {
        let fixture = InventoryFixture(backend: backend)
        let configuration = Benchmark.Configuration(setup: { try await fixture.load() }, teardown: { try await fixture.close() })
        let suffix = "20k items (\(backend.name))"
        for sort in [ItemQuery.Sort.name, .value] {
            Benchmark("Inventory first page by \(sort.rawValue), \(suffix)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try await fixture.store.items(householdId: fixture.householdId, ItemQuery(sort: sort, limit: 60)))
                }
            }
        }
        Benchmark("Inventory search as you type, \(suffix)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                let text = SearchTyping.text(atKeystroke: benchmark.currentIteration)
                blackHole(try await fixture.store.items(householdId: fixture.householdId, ItemQuery(text: text, limit: 60)))
            }
        }
        Benchmark("Inventory search with filters, \(suffix)", configuration: configuration) { benchmark in
            let today = CalendarDate(Date(), in: .current)
            for _ in benchmark.scaledIterations {
                var query = ItemQuery(text: SearchTyping.filtered(atKeystroke: benchmark.currentIteration), limit: 60)
                try await fixture.store.applySearchFilters(to: &query, householdId: fixture.householdId, today: today)
                blackHole(try await fixture.store.items(householdId: fixture.householdId, query))
            }
        }
        Benchmark("Inventory summary, \(suffix)", configuration: configuration) { benchmark in
            let today = CalendarDate(Date(), in: .current)
            for _ in benchmark.scaledIterations {
                blackHole(try await fixture.store.summary(householdId: fixture.householdId, today: today))
            }
        }
    }
}

/// What the search box holds after each keystroke while someone types brands of the catalog:
/// "sa", "sam", "sams", "samsu", then "ph", "phi", ... and round again.
enum SearchTyping {
    static let brands = ["Samsung", "Philips", "Panasonic", "Whirlpool", "KitchenAid", "Breville"]
    static let texts = brands.flatMap { brand in (2...5).map { String(brand.lowercased().prefix($0)) } }

    /// The text after keystroke `number` (counting from 0, going round).
    static func text(atKeystroke number: Int) -> String {
        texts[number % texts.count]
    }

    /// Searches with the search box's filters, alone and beside words, going round.
    static let filters = [
        "room:kitchen", "sams room:living", #"room:"living room" value>500"#, "missing:receipt", "value>1000 missing:photo",
        "category:electronics warranty:<90d", "condition:good tag:gift", "phi category:appl value<200",
    ]

    static func filtered(atKeystroke number: Int) -> String {
        filters[number % filters.count]
    }
}

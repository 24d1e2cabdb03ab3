import Foundation
import HearthCore
import Testing
@testable import HearthReports

/// Hearth's CSV (written and read back) and HomeBox's (read from a file with its documented columns).
@Suite struct InventoryCSVTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theExportParsesBackToTheSameItems() async throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let room = UUID(), category = UUID()
        let items = [
            InventoryItem(id: UUID(), householdId: UUID(), assetId: AssetID(1_234), name: "Sofa, 3-seat \"Ektorp\"", description: "Line one\nline two", roomId: room,
                          categoryId: category, quantity: 2, brand: "IKEA", serialNumber: "=HYPERLINK(\"x\")", purchaseDate: CalendarDate(iso: "2024-02-29"),
                          purchasePrice: Money(amount: 49_900, currency: "EUR"), replacementValue: Money(amount: 60_000, currency: "USD"),
                          condition: .likeNew, warrantyUntil: CalendarDate(iso: "2026-02-28"), tags: ["Living", "Fabric", "salt; pepper", "a, b", "12\" wide"],
                          notes: "Tōkyō 東京", createdAt: now.addingTimeInterval(-86_400), updatedAt: now),
            InventoryItem(id: UUID(), householdId: UUID(), name: "Kettle", createdAt: now, updatedAt: now),
        ]
        let csv = try await Self.export(items, groupNames: [room: "Living room", category: "Furniture"])
        // UTF-8 with a byte-order mark; RFC 4180: CRLF between records, quotes only where needed, a formula defused.
        #expect(csv.hasPrefix("\u{FEFF}Name,Description,Room,") && csv.contains("\r\n") && csv.contains("\"Sofa, 3-seat \"\"Ektorp\"\"\""))
        #expect(csv.contains("'=HYPERLINK"))
        let read = try InventoryCSV.items(from: csv, currency: "USD")
        #expect(read.problems.isEmpty && read.items.map(\.id) == items.map(\.id))
        let sofa = read.items[0]
        #expect(sofa.details.name == items[0].name && sofa.details.description == "Line one\nline two" && sofa.details.quantity == 2)
        #expect(sofa.details.serialNumber == "=HYPERLINK(\"x\")" && sofa.details.purchasePrice == Money(amount: 49_900, currency: "EUR"))
        #expect(sofa.details.replacementValue == Money(amount: 60_000, currency: "USD") && sofa.details.condition == .likeNew)
        #expect(sofa.details.warranty == .until(CalendarDate(iso: "2026-02-28")!) && Set(sofa.details.tags) == ["Fabric", "Living", "salt; pepper", "a, b", "12\" wide"])
        #expect(sofa.roomName == "Living room" && sofa.categoryName == "Furniture" && sofa.details.notes == "Tōkyō 東京")
        #expect(sofa.addedAt == now.addingTimeInterval(-86_400) && sofa.updatedAt == now)
        #expect(sofa.assetId == AssetID(1_234) && read.items[1].assetId == nil && csv.contains(",001-234,\r\n"), "the asset id, then the day it was last checked (none)")
        // The line of the kettle counts the sofa's two-line description.
        #expect(read.items[1].line == 4)
    }

    @Test func homeBoxLabelsAreSplitOnHomeBoxsSeparatorOnly() throws {
        let csv = "HB.name,HB.labels\nDrill,\"Tools, power\"\nSaw,\"Tools, hand; Garage\"\n"
        let read = try HomeBoxCSV.items(from: csv, currency: "USD")
        #expect(read.items.map(\.details.tags) == [["Tools, power"], ["Garage", "Tools, hand"]] && read.problems.isEmpty)
    }

    @Test func tagsAreSplitOnTheirSeparatorOutsideQuotesOnly() {
        #expect(ImportFields.tags("heirloom; insured") == ["heirloom", "insured"])
        #expect(ImportFields.tags("heirloom, insured") == ["heirloom", "insured"])
        #expect(ImportFields.tags(#""salt; pepper"; kitchen"#) == ["salt; pepper", "kitchen"])
        #expect(ImportFields.tags(#""a, b", c"#) == ["a, b", "c"])
        #expect(ImportFields.tags(#""say ""hi"""; 12" wide"#) == [#"say "hi""#, #"12" wide"#])
        #expect(ImportFields.tags("").isEmpty && ImportFields.tags(" ; ").isEmpty)
    }

    /// Hearth's CSV of `items`, written as the export writes it: in pages (here of one item).
    static func export(_ items: [InventoryItem], groupNames: [UUID: String] = [:]) async throws -> String {
        let pages = InventoryCSV.Pages(groupNames: groupNames) { cursor in
            let index = cursor.flatMap(Int.init) ?? 0
            return (index < items.count ? [items[index]] : [], index + 1 < items.count ? String(index + 1) : nil)
        }
        return try await pages.reduce("", +)
    }

    @Test func homeBoxColumnsBecomeItemsAndABadRowIsNamed() throws {
        let read = try HomeBoxCSV.items(from: try Self.fixture("homebox-export.csv"), currency: "USD")
        #expect(read.items.map(\.details.name) == ["Dell UltraSharp U2723QE", "Cordless drill, \"20V\"", "Stand mixer", "Old bike"])
        #expect(read.problems == [ImportProblem(line: 6, reason: "the purchase date “31/31/2024” is not a date such as 2026-03-14")])
        let monitor = read.items[0].details
        #expect(read.items[0].roomName == "Office" && monitor.brand == "Dell" && monitor.model == "U2723QE" && monitor.serialNumber == "CN-0XYZ-123")
        #expect(monitor.purchasePrice == Money(amount: 57_999, currency: "USD") && monitor.purchasePlace == "Dell.com")
        #expect(monitor.purchaseDate == CalendarDate(iso: "2024-02-10") && monitor.warranty == .until(CalendarDate(iso: "2027-02-10")!))
        #expect(monitor.tags == ["Electronics", "Work"] && monitor.description == "27-inch 4K monitor")
        #expect(monitor.notes == "On the left arm\nInsured\nWarranty: 3 years advanced exchange\nColor: Black")
        #expect(read.items.map(\.assetId) == [AssetID(1), AssetID(2), nil, AssetID(4)])
        let drill = read.items[1]
        #expect(drill.details.quantity == 2 && drill.details.purchaseDate == CalendarDate(iso: "2023-03-15") && drill.roomName == "Garage")
        #expect(drill.details.notes?.contains("Lifetime warranty") == true)
        // No price in HomeBox is 0; a sold, archived bike is sold, with its story in the notes.
        #expect(read.items[2].details.purchasePrice == nil && read.items[2].roomName == "Kitchen / Pantry")
        #expect(read.items[3].details.notes == "Sold to Sam on 2025-05-01 for 180: Sold with lock\nURL: https://example.org/bike")
        #expect(read.items[3].roomName == "Home" && read.items[3].details.disposition == .sold && read.items[0].details.disposition == nil)
    }

    @Test func theSameRowGetsTheSameIdAndAReferenceKeepsItsIdWhenTheRowChanges() throws {
        let text = try Self.fixture("homebox-export.csv")
        let first = try HomeBoxCSV.items(from: text, currency: "USD"), again = try HomeBoxCSV.items(from: text, currency: "USD")
        #expect(first.items.map(\.id) == again.items.map(\.id) && Set(first.items.map(\.id)).count == 4)
        let edited = try HomeBoxCSV.items(from: text.replacingOccurrences(of: "579.99", with: "499.00"), currency: "USD")
        #expect(edited.items[0].id == first.items[0].id && edited.items[0].details.purchasePrice?.amount == 49_900)
    }

    @Test func tabSeparatedFilesAreReadToo() throws {
        let read = try HomeBoxCSV.items(from: try Self.fixture("homebox-export.tsv"), currency: "EUR")
        #expect(read.items.map(\.details.name) == ["Dell UltraSharp U2723QE", "Cordless drill, \"20V\""] && read.problems.isEmpty)
        #expect(read.items[0].details.purchasePrice == Money(amount: 57_999, currency: "EUR"))
    }

    @Test func aFileOfTheOtherFormatOrWithoutAHeaderIsRefused() throws {
        #expect(throws: CSVTable.Unreadable.self) { try InventoryCSV.items(from: try Self.fixture("homebox-export.csv"), currency: "USD") }
        #expect(throws: CSVTable.Unreadable.self) { try HomeBoxCSV.items(from: "Name,Room\r\nKettle,Kitchen\r\n", currency: "USD") }
        #expect(throws: CSVTable.Unreadable.self) { try InventoryCSV.items(from: "", currency: "USD") }
        let short = try InventoryCSV.items(from: "Name,Room\r\nKettle\r\n,Kitchen\r\n", currency: "USD")
        #expect(short.items.isEmpty && short.problems.map(\.line) == [2, 3])
    }
}

/// What spreadsheets in other countries and other apps write, and what a person typed, read back.
@Suite struct SpreadsheetCSVTests {
    @Test func semicolonSeparatedFilesWithAByteOrderMarkImport() throws {
        // Excel in much of Europe: a BOM, semicolons, decimal commas, a semicolon inside quotes.
        let text = "\u{FEFF}Name;Brand;Purchase price;Purchase currency;Tags\r\nCafetière;Bodum;1.299,99;EUR;\"kitchen; gift\"\r\n"
        let read = try InventoryCSV.items(from: text, currency: "USD")
        #expect(read.problems.isEmpty && read.items.map(\.details.name) == ["Cafetière"])
        #expect(read.items[0].details.purchasePrice == Money(amount: 129_999, currency: "EUR") && read.items[0].details.tags == ["gift", "kitchen"])
    }

    @Test func tabSeparatedHearthFilesAndSemicolonHomeBoxFilesImport() throws {
        let tabs = try InventoryCSV.items(from: "Name\tRoom\tNotes\nKettle\tKitchen\tsee, the lid\n", currency: "USD")
        #expect(tabs.items.map(\.roomName) == ["Kitchen"] && tabs.items[0].details.notes == "see, the lid")
        let homeBox = try HomeBoxCSV.items(from: "HB.name;HB.location;HB.quantity\nDrill;Home / Garage;2\n", currency: "EUR")
        #expect(homeBox.items.map(\.roomName) == ["Garage"] && homeBox.items[0].details.quantity == 2)
    }

    @Test func theSeparatorIsWhatTheHeaderLineUsesMostOutsideQuotes() {
        #expect(CSVTable.delimiter(of: "\"Name, as typed\";Room;Quantity\r\na,b;c;1") == ";")
        #expect(CSVTable.delimiter(of: "Name\tNotes, free text\tRoom\n") == "\t")
        #expect(CSVTable.delimiter(of: "Name,Room;Category,Quantity\n") == ",")
        #expect(CSVTable.delimiter(of: "Name\nKettle;Kitchen\n") == ",")
    }

    @Test func aFileWithoutTheNameColumnIsRefusedNamingTheColumnsItHas() {
        #expect(throws: CSVTable.Unreadable(reason: "it has no Name column; its columns are: Item, Where, (blank) (is it a HomeBox export? choose HomeBox)")) {
            try InventoryCSV.items(from: "Item;Where;\nKettle;Kitchen;\n", currency: "USD")
        }
        #expect(throws: CSVTable.Unreadable(reason: "it has no HB.name column; its columns are: Name, Room (is it Hearth's own CSV? choose Hearth)")) {
            try HomeBoxCSV.items(from: "Name,Room\nKettle,Kitchen\n", currency: "USD")
        }
    }

    @Test func formulasAreDefusedAndWhatAPersonTypedSurvivesTheRoundTrip() throws {
        let typed = ["=SUM(A1)", "+31 20 555", "-5", "@home", "\tindented", "＝１＋１", "＋", "－3", "＠me", "'=x", "''+y", "'quoted", "plain", "'"]
        let csv = CSVTable.render(header: ["Name"], rows: typed.map { [$0] })
        let written = try CSVTable.read(csv).records.map(\.fields[0])
        #expect(written == typed)
        let cells = csv.split(separator: "\r\n").dropFirst().map(String.init)
        #expect(cells.prefix(9).allSatisfy { $0.hasPrefix("'") || $0.hasPrefix("\"'") } && cells[9] == "''=x" && cells[10] == "'''+y")
        #expect(cells[11] == "'quoted" && cells[12] == "plain" && cells[13] == "'")
    }
}

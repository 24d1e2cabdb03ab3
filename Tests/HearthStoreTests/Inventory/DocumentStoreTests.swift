import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Documents on both databases: added once under a client's id, counted against the limit, named
/// for the media sweep, handed back when their item is purged, and carried through a backup.
@Suite struct DocumentStoreTests {
    static let manual = StoredFile(sha256: String(repeating: "d", count: 64), contentType: "application/pdf", byteSize: 2048, width: 1275, height: 1650)

    @Test(arguments: Backend.available)
    func aDocumentIsAddedOnceNamedForTheSweepAndHandedBackWithItsItem(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let store = ada.store
            let dishwasher = try await ada.add("Dishwasher"), kettle = try await ada.add("Kettle")
            let id = UUID()
            let added = try await store.addDocument(Self.manual, kind: .manual, title: nil, fileName: "Bosch SMS6/manual.PDF", pageCount: 48,
                                                    itemId: dishwasher.id, householdId: ada.home, id: id, place: { _ in })
            #expect(added.created && added.document.title == "manual" && added.document.fileName == "manual.pdf" && added.document.pageCount == 48)
            // The same id again: the document made the first time. On another item: a conflict.
            let again = try await store.addDocument(Self.manual, kind: .other, title: "Other", fileName: "x.pdf", pageCount: 1,
                                                    itemId: dishwasher.id, householdId: ada.home, id: id, place: { _ in })
            #expect(!again.created && again.document == added.document)
            await #expect(throws: InventoryError.idConflict) {
                try await store.addDocument(Self.manual, kind: .manual, title: nil, fileName: nil, pageCount: 1, itemId: kettle.id,
                                            householdId: ada.home, id: id, place: { _ in })
            }
            // Renamed; a title over the limit changes nothing.
            let renamed = try await store.updateDocument(id: id, itemId: dishwasher.id, householdId: ada.home, kind: .warranty, title: "Warranty card")
            #expect(renamed.kind == .warranty && renamed.title == "Warranty card")
            await #expect(throws: InventoryError.self) {
                try await store.updateDocument(id: id, itemId: dishwasher.id, householdId: ada.home, kind: nil, title: String(repeating: "x", count: 201))
            }
            #expect(try await store.documents(itemId: dishwasher.id, householdId: ada.home) == [renamed])
            // Kept as a receipt, it documents the purchase as a linked receipt does.
            #expect(try await store.item(id: dishwasher.id, householdId: ada.home)?.receiptCount == 0)
            _ = try await store.updateDocument(id: id, itemId: dishwasher.id, householdId: ada.home, kind: .receipt, title: nil)
            #expect(try await store.item(id: dishwasher.id, householdId: ada.home)?.documentation.missing.contains(.receipt) == false)
            // Its file is named, so the sweep keeps it; purging the item hands the file back.
            #expect(try await store.namedFiles(among: [Self.manual.sha256], householdId: nil) == [Self.manual.sha256])
            try await store.deleteItem(id: dishwasher.id, householdId: ada.home)
            #expect(try await store.purgeItem(id: dishwasher.id, householdId: ada.home) == [Self.manual.sha256])
            #expect(try await store.namedFiles(among: [Self.manual.sha256], householdId: nil).isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func anItemTakesAtMostFiftyDocuments(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let safe = try await ada.add("Safe")
            for index in 0..<DocumentRules.maximumPerItem {
                _ = try await ada.store.addDocument(InventoryFixture.file(String(format: "%02x", index)), kind: .other, title: nil, fileName: "\(index).jpg",
                                                    pageCount: 1, itemId: safe.id, householdId: ada.home, place: { _ in })
            }
            await #expect(throws: InventoryError.tooManyDocuments) {
                try await ada.store.addDocument(Self.manual, kind: .other, title: nil, fileName: nil, pageCount: 1, itemId: safe.id,
                                                householdId: ada.home, place: { _ in })
            }
        }
    }

    @Test(arguments: Backend.available)
    func documentsGoThroughABackupOntoTheRestoredItems(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let ring = try await ada.add("Ring")
            let appraisal = try await ada.store.addDocument(Self.manual, kind: .appraisal, title: "Appraisal 2026", fileName: "appraisal.pdf",
                                                            pageCount: 3, itemId: ring.id, householdId: ada.home, place: { _ in }).document
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.documents?.count == 1 && backup.files.map(\.sha256).contains(Self.manual.sha256))
            let decoded = try HouseholdBackup.decode(try HouseholdBackup.encoder().encode(backup))
            #expect(decoded.documents == backup.documents)

            // Into another household with the file: the same document on its copy of the ring, under a new id.
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            let placed = Placed()
            let outcome = try await bob.store.restore(decoded, householdId: bob.home, strategy: .replace, archiveFiles: [Self.manual.sha256],
                                                      place: { placed.add($0) }, dryRun: false)
            #expect(outcome.summary.documents.added == 1 && placed.files == [Self.manual.sha256])
            let copy = try #require(try await bob.store.items(householdId: bob.home, ItemQuery(sort: .name)).items.first)
            let restored = try await bob.store.documents(itemId: copy.id, householdId: bob.home)
            #expect(restored.map(\.title) == ["Appraisal 2026"] && restored.first?.id != appraisal.id && restored.first?.pageCount == 3)

            // Merged back into A's own household: nothing twice. Replaced: the same document, its file released and named again.
            let merged = try await ada.store.restore(decoded, householdId: ada.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(merged.summary.documents.skipped == 1 && merged.summary.warnings.isEmpty)
            let replaced = try await ada.store.restore(decoded, householdId: ada.home, strategy: .replace, archiveFiles: [Self.manual.sha256],
                                                       place: { _ in }, dryRun: false)
            #expect(replaced.releasedFiles == [Self.manual.sha256])
            #expect(try await ada.store.documents(itemId: ring.id, householdId: ada.home).map(\.id) == [appraisal.id])
        }
    }
}

/// The files a restore put in place.
private final class Placed: @unchecked Sendable {
    private let lock = NSLock()
    private var placed: [String] = []
    var files: [String] { lock.withLock { placed } }
    func add(_ file: String) { lock.withLock { placed.append(file) } }
}

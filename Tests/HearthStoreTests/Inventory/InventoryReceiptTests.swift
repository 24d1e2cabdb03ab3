import Foundation
import HearthCore
import Testing
@testable import HearthStore

@Suite struct InventoryReceiptTests {
    static let proposal = ReceiptProposal(vendor: "Best Buy", date: CalendarDate(iso: "2026-03-14"), total: InventoryFixture.usd(949),
                                          tax: InventoryFixture.usd(50), number: "R-1", currency: "USD", lines: [])
    static let confirmed = ReceiptFields(vendor: "Best Buy", date: CalendarDate(iso: "2026-03-14"), total: InventoryFixture.usd(949),
                                         number: "R-1", lines: [ReceiptLine(description: "TV 65\"", quantity: 1, amount: InventoryFixture.usd(899)),
                                                                ReceiptLine(description: "Wall mount", quantity: 2, amount: InventoryFixture.usd(50))])

    @Test(arguments: Backend.available)
    func aPhotographedReceiptIsReadThenConfirmed(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let created = try await inventory.store.createReceipt(id: nil, householdId: inventory.home, image: InventoryFixture.file("e"), fields: nil)
            #expect(created.receipt.status == .reading && created.receipt.vendor == nil)
            #expect(try await inventory.store.receiptsBeingRead().map(\.id) == [created.receipt.id])
            try await inventory.store.recordReading(receiptId: created.receipt.id, householdId: inventory.home, text: "BEST BUY\nTOTAL 949.00",
                                                    proposal: Self.proposal)
            var receipt = try #require(try await inventory.store.receipt(id: created.receipt.id, householdId: inventory.home))
            // What OCR proposed is kept apart; nothing is saved as the receipt's fields before a person confirms.
            #expect(receipt.status == .read && receipt.proposal == Self.proposal && receipt.vendor == nil && receipt.text?.contains("BEST BUY") == true)
            receipt = try await inventory.store.confirmReceipt(id: receipt.id, householdId: inventory.home, Self.confirmed)
            #expect(receipt.status == .confirmed && receipt.lines.count == 2 && receipt.total == InventoryFixture.usd(949))
            #expect(try await inventory.store.receipts(householdId: inventory.home, matching: "best").count == 1)
            #expect(try await inventory.store.receipts(householdId: inventory.home, matching: "ikea").isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func aReceiptWithoutTextIsUnreadableAndKeepsItsImage(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let receipt = try await inventory.store.createReceipt(id: nil, householdId: inventory.home, image: InventoryFixture.file("f"), fields: nil).receipt
            try await inventory.store.recordReading(receiptId: receipt.id, householdId: inventory.home, text: "  ", proposal: nil)
            let read = try #require(try await inventory.store.receipt(id: receipt.id, householdId: inventory.home))
            #expect(read.status == .unreadable && read.image == InventoryFixture.file("f"))
            #expect(try await inventory.store.namedFiles(among: [InventoryFixture.file("f").sha256], householdId: nil).count == 1)
        }
    }

    @Test(arguments: Backend.available)
    func linkingFillsOnlyEmptyPurchaseFieldsAndNamesTheOthers(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let receipt = try await inventory.store.createReceipt(id: nil, householdId: inventory.home, image: nil, fields: Self.confirmed).receipt
            let tv = try await inventory.add("Television")
            let mount = try await inventory.add("Wall mount") { $0.purchasePrice = InventoryFixture.usd(40); $0.purchasePlace = "Best Buy" }
            // The TV takes the date, the shop and its line's price.
            let linkedTV = try await inventory.store.linkReceipt(id: receipt.id, itemId: tv.id, householdId: inventory.home, line: 0, fill: .empty)
            #expect(linkedTV.conflicts.isEmpty)
            #expect(linkedTV.item.purchaseDate?.description == "2026-03-14" && linkedTV.item.purchasePlace == "Best Buy")
            #expect(linkedTV.item.purchasePrice == InventoryFixture.usd(899) && linkedTV.item.receiptCount == 1)
            // The mount keeps its own price (per piece: 100 / 2 = 50 on the receipt) until the person agrees.
            let linkedMount = try await inventory.store.linkReceipt(id: receipt.id, itemId: mount.id, householdId: inventory.home, line: nil, fill: .empty)
            #expect(linkedMount.conflicts == ["purchasePrice"] && linkedMount.item.purchasePrice == InventoryFixture.usd(40))
            let agreed = try await inventory.store.linkReceipt(id: receipt.id, itemId: mount.id, householdId: inventory.home, line: 1, fill: .all)
            #expect(agreed.item.purchasePrice == Money(amount: 2_500, currency: "USD") && agreed.item.receiptCount == 1)
            #expect(try await inventory.store.receipt(id: receipt.id, householdId: inventory.home)?.itemIds.count == 2)
            // The receipt's text finds its items.
            let found = try await inventory.store.items(householdId: inventory.home, ItemQuery(text: "R-1"))
            #expect(Set(found.items.map(\.name)) == ["Television", "Wall mount"])
            // Unlinking and deleting leave the items, with their counts in step.
            try await inventory.store.unlinkReceipt(id: receipt.id, itemId: mount.id, householdId: inventory.home)
            #expect(try await inventory.store.item(id: mount.id, householdId: inventory.home)?.receiptCount == 0)
            #expect(try await inventory.store.deleteReceipt(id: receipt.id, householdId: inventory.home) == nil)
            let after = try #require(try await inventory.store.item(id: tv.id, householdId: inventory.home))
            #expect(after.receiptCount == 0 && after.purchasePrice == InventoryFixture.usd(899))
        }
    }

    @Test(arguments: Backend.available)
    func anotherHouseholdCannotSeeOrUseAReceipt(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let inventory = try await InventoryFixture.make(database)
            let receipt = try await inventory.store.createReceipt(id: nil, householdId: inventory.home, image: nil, fields: Self.confirmed).receipt
            let tv = try await inventory.add("Television")
            let eve = try await InventoryFixture.make(database, email: "eve@example.org")
            let evesItem = try await eve.add("Mine")
            #expect(try await eve.store.receipt(id: receipt.id, householdId: eve.home) == nil)
            #expect(try await eve.store.receipts(householdId: eve.home).isEmpty)
            await #expect(throws: InventoryError.receiptNotFound) {
                try await eve.store.linkReceipt(id: receipt.id, itemId: evesItem.id, householdId: eve.home, line: nil, fill: .empty)
            }
            await #expect(throws: InventoryError.itemNotFound) {
                try await inventory.store.linkReceipt(id: receipt.id, itemId: evesItem.id, householdId: inventory.home, line: nil, fill: .empty)
            }
            await #expect(throws: InventoryError.receiptNotFound) { try await eve.store.confirmReceipt(id: receipt.id, householdId: eve.home, ReceiptFields()) }
            await #expect(throws: InventoryError.receiptNotFound) { try await eve.store.deleteReceipt(id: receipt.id, householdId: eve.home) }
            await #expect(throws: InventoryError.receiptNotFound) { try await eve.store.unlinkReceipt(id: receipt.id, itemId: tv.id, householdId: eve.home) }
            await #expect(throws: InventoryError.idConflict) {
                try await eve.store.createReceipt(id: receipt.id, householdId: eve.home, image: nil, fields: ReceiptFields(vendor: "X"))
            }
            #expect(try await inventory.store.receipt(id: receipt.id, householdId: inventory.home)?.vendor == "Best Buy")
        }
    }
}

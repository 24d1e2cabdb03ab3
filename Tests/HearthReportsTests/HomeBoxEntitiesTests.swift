import Foundation
import HearthCore
import Testing
@testable import HearthReports

/// HomeBox's newer export, where locations are rows too: written as its `ExportCSVRow` writes them
/// (locations by `/location/` in `HB.url`, an item inside another by `HB.parent_import_ref`,
/// decimal quantities, labels joined by "; ").
@Suite struct HomeBoxEntitiesTests {
    static let file = { try! InventoryCSVTests.fixture("homebox-entities-export.csv") }()

    @Test func locationRowsAreRoomsWithTheirWholePathsNotItems() throws {
        let read = try HomeBoxCSV.items(from: Self.file, currency: "USD")
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.items.map(\.details.name) == ["Cordless Drill", "Spare Battery", "Sofa", "Armchair", "Old bike", "Broken lamp"])
        // Two houses: "Cabin / Living Room" and "Home / Living Room" stay two rooms.
        #expect(read.rooms.map(\.name) == ["Home", "Home / Living Room", "Cabin", "Cabin / Living Room", "Cabin / Shed"])
        #expect(read.items.map(\.roomName) == ["Cabin / Shed", "Cabin / Shed", "Home / Living Room", "Cabin / Living Room", "Home", "Home / Living Room"])
    }

    @Test func anItemInsideAnotherIsKeptInItAndLabelsKeepTheirCommas() throws {
        let items = try HomeBoxCSV.items(from: Self.file, currency: "USD").items
        #expect(items[1].details.containerId == items[0].id && items[0].details.containerId == nil)
        #expect(items[0].details.tags == ["Power, cordless", "Tools"] && items[0].details.purchasePrice == Money(amount: 8_999, currency: "USD"))
    }

    @Test func decimalQuantitiesAreRoundedUpAndSaidOnTheirLine() throws {
        let items = try HomeBoxCSV.items(from: Self.file, currency: "USD").items
        #expect(items[1].details.quantity == 3 && items[1].note == "quantity 2.5 taken as 3 (Hearth counts whole pieces; 2.5 is kept in the notes)")
        #expect(items[1].details.notes?.contains("HomeBox quantity: 2.5") == true)
        #expect(items[5].details.quantity == 1 && items[5].note?.hasPrefix("quantity 0 taken as 1") == true)
        #expect(items[0].note == nil && items[0].details.quantity == 1)
    }

    @Test func soldAndArchivedItemsAreImportedAsSuch() throws {
        let items = try HomeBoxCSV.items(from: Self.file, currency: "USD").items
        #expect(items.map(\.details.disposition) == [nil, nil, nil, nil, .sold, .archived])
        #expect(items[4].details.notes?.contains("Sold to Sam on 2025-05-01 for 180: Sold with lock") == true)
    }

    @Test func aRowWithoutReferenceIsKnownByItsHomeBoxIdAndByItsFormerContentId() throws {
        let first = try HomeBoxCSV.items(from: Self.file, currency: "USD").items
        let edited = try HomeBoxCSV.items(from: Self.file.replacingOccurrences(of: ",799,", with: ",749,"), currency: "USD").items
        #expect(edited[2].id == first[2].id && edited[2].details.purchasePrice?.amount == 74_900)
        #expect(first[2].formerIds.count == 1 && first[2].formerIds != [first[2].id] && first[0].formerIds.isEmpty)
        #expect(HomeBoxCSV.homeBoxId("https://hb.example.com/item/9A8B7C6D-5E4F-4A3B-9C2D-1E0F9A8B7C6D?x=1") == "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d")
    }

    @Test func aSingleHouseIsLeftOutOfRoomNames() {
        #expect(HomeBoxCSV.commonRoot([["Home", "Office"], ["Home"], [], ["home", "Garage"]]) == "Home")
        #expect(HomeBoxCSV.commonRoot([["Home", "Office"], ["Cabin", "Shed"]]) == nil && HomeBoxCSV.commonRoot([["Home"]]) == nil)
        #expect(HomeBoxCSV.roomName("Home / Kitchen / Pantry", house: "Home") == "Kitchen / Pantry" && HomeBoxCSV.roomName("Home", house: "Home") == "Home")
    }
}

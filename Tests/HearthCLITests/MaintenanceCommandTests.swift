import Foundation
import HearthAPI
import Testing
@testable import HearthCLI

@Suite struct MaintenanceCommandTests {
    @Test func intervalsAreReadAsPeopleWriteThem() {
        let read = { (text: String) in InventoryCommand.Maintenance.Add.interval(text).map { "\($0.count) \($0.unit.rawValue)" } }
        #expect(read("6 months") == "6 months" && read("1 year") == "1 years" && read("90 days") == "90 days" && read("2y") == "2 years")
        #expect(read("Months") == nil && read("0 days") == nil && read("6 fortnights") == nil)
    }

    @Test func aTaskNeedsHowOftenOrWhen() throws {
        #expect(throws: (any Error).self) { try InventoryCommand.Maintenance.Add.parse(["Boiler", "Service"]) }
        #expect(throws: (any Error).self) { try InventoryCommand.Maintenance.Add.parse(["Boiler", "Service", "--every", "often"]) }
        #expect(try InventoryCommand.Maintenance.Add.parse(["Boiler", "Service", "--every", "1 year"]).every == "1 year")
    }

    @Test func aTaskReadsAsItStands() {
        let task = Components.Schemas.MaintenanceTask(id: "t", itemId: "i", title: "Service", every: .init(count: 6, unit: .months),
                                                      dueOn: "2026-11-01", status: .overdue, createdAt: Date(), updatedAt: Date())
        #expect(InventoryText.standing(task) == "overdue since 2026-11-01, every 6 months")
        let due = [Components.Schemas.DueMaintenance(task: task, itemName: "Boiler", assetId: "000-004")]
        #expect(InventoryText.dueMaintenance(due, days: 14) == "2026-11-01  Service — Boiler (000-004)  OVERDUE")
        #expect(InventoryText.dueMaintenance([], days: 14) == "Nothing is due in the next 14 days.")
    }
}

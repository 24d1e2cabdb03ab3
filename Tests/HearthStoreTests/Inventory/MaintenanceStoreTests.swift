import Foundation
import HearthCore
import Testing
@testable import HearthStore

/// Maintenance tasks and their log on both databases: when a task is due as it is done, what the
/// household has due, reminders sent once, and tasks and log through a backup.
@Suite struct MaintenanceStoreTests {
    let today = CalendarDate(year: 2027, month: 1, day: 15)!
    let yearly = MaintenanceInterval(count: 1, unit: .years)

    func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    @Test(arguments: Backend.available)
    func loggingATaskDoneMovesItOnFromTheLatestDayItWasDone(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let boiler = try await ada.add("Boiler")
            let store = ada.store
            // A repeating task without a day is due an interval from today; one done once needs its day.
            let service = try await store.createMaintenanceTask(itemId: boiler.id, householdId: ada.home, title: "Service the boiler",
                                                                interval: yearly, dueOn: nil, note: nil, today: today).task
            #expect(service.dueOn == date("2028-01-15"))
            await #expect(throws: InventoryError.self) {
                try await store.createMaintenanceTask(itemId: boiler.id, householdId: ada.home, title: "Bleed the radiators", interval: nil,
                                                      dueOn: nil, note: nil, today: today)
            }
            let bleed = try await store.createMaintenanceTask(itemId: boiler.id, householdId: ada.home, title: "Bleed the radiators", interval: nil,
                                                              dueOn: date("2027-01-20"), note: nil, today: today).task

            // Done on the 10th: due a year after. An older entry leaves it; a newer one moves it.
            let cost = Money(amount: 12_000, currency: "USD")
            let done = try await store.logMaintenance(itemId: boiler.id, householdId: ada.home, taskId: service.id, title: nil,
                                                      doneOn: date("2027-01-10"), cost: cost, note: "Annual service", today: today).entry
            #expect(done.title == "Service the boiler" && done.cost == cost && done.taskId == service.id)
            #expect(try await store.maintenanceTask(id: service.id, householdId: ada.home).dueOn == date("2028-01-10"))
            _ = try await store.logMaintenance(itemId: boiler.id, householdId: ada.home, taskId: service.id, title: nil, doneOn: date("2025-12-01"),
                                               cost: nil, note: nil, today: today)
            #expect(try await store.maintenanceTask(id: service.id, householdId: ada.home).dueOn == date("2028-01-10"))
            // Done once: due no more.
            _ = try await store.logMaintenance(itemId: boiler.id, householdId: ada.home, taskId: bleed.id, title: nil, doneOn: today, cost: nil, note: nil, today: today)
            let (tasks, log) = try await store.maintenance(itemId: boiler.id, householdId: ada.home)
            #expect(tasks.map(\.title) == ["Service the boiler", "Bleed the radiators"] && tasks[1].dueOn == nil)
            #expect(log.map(\.doneOn) == [today, date("2027-01-10"), date("2025-12-01")])

            // A task of another item is refused, and so is an entry without a title.
            let kettle = try await ada.add("Kettle")
            await #expect(throws: InventoryError.maintenanceNotFound) {
                try await store.logMaintenance(itemId: kettle.id, householdId: ada.home, taskId: service.id, title: nil, doneOn: today, cost: nil, note: nil, today: today)
            }
            await #expect(throws: InventoryError.self) {
                try await store.logMaintenance(itemId: kettle.id, householdId: ada.home, taskId: nil, title: " ", doneOn: today, cost: nil, note: nil, today: today)
            }

            // Sent again with its id (an answer lost): the same task and entry, the task not moved on twice.
            let id = UUID(), entryId = UUID()
            let first = try await store.createMaintenanceTask(id: id, itemId: kettle.id, householdId: ada.home, title: "Descale", interval: yearly,
                                                              dueOn: nil, note: nil, today: today)
            let again = try await store.createMaintenanceTask(id: id, itemId: kettle.id, householdId: ada.home, title: "Descale", interval: yearly,
                                                              dueOn: nil, note: nil, today: today)
            #expect(first.created && !again.created && again.task == first.task)
            let logged = try await store.logMaintenance(id: entryId, itemId: kettle.id, householdId: ada.home, taskId: id, title: nil,
                                                        doneOn: today, cost: nil, note: nil, today: today)
            let resent = try await store.logMaintenance(id: entryId, itemId: kettle.id, householdId: ada.home, taskId: id, title: nil,
                                                        doneOn: today, cost: nil, note: nil, today: today)
            #expect(logged.created && !resent.created && resent.entry == logged.entry)
            #expect(try await store.maintenance(itemId: kettle.id, householdId: ada.home).log.count == 1)
            await #expect(throws: InventoryError.idConflict) {
                try await store.createMaintenanceTask(id: id, itemId: boiler.id, householdId: ada.home, title: "Descale", interval: yearly,
                                                      dueOn: nil, note: nil, today: today)
            }
            // An item in Recently deleted keeps its tasks as they are.
            try await store.deleteItem(id: kettle.id, householdId: ada.home)
            await #expect(throws: InventoryError.itemDeleted) {
                try await store.updateMaintenanceTask(id: id, householdId: ada.home, .init(title: "Descale the kettle"), today: today)
            }
            await #expect(throws: InventoryError.itemDeleted) { try await store.deleteMaintenanceTask(id: id, householdId: ada.home) }

            // Deleting the task keeps its log; purging the item takes both.
            try await store.deleteMaintenanceTask(id: service.id, householdId: ada.home)
            let kept = try await store.maintenance(itemId: boiler.id, householdId: ada.home)
            #expect(kept.tasks.map(\.title) == ["Bleed the radiators"] && kept.log.count == 3 && kept.log.allSatisfy { $0.taskId != service.id })
            try await store.deleteItem(id: boiler.id, householdId: ada.home)
            try await store.purgeItem(id: boiler.id, householdId: ada.home)
            #expect(try await store.maintenanceLog(householdId: ada.home).isEmpty)
        }
    }

    @Test(arguments: Backend.available)
    func whatIsDueLeavesOutDeletedAndSoldItemsAndOtherHouseholds(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            func task(_ home: InventoryFixture, _ item: String, _ title: String, due: String) async throws -> MaintenanceTask {
                let item = try await home.add(item)
                return try await home.store.createMaintenanceTask(itemId: item.id, householdId: home.home, title: title, interval: nil,
                                                                  dueOn: date(due), note: nil, today: today).task
            }
            let filter = try await task(ada, "Fridge", "Replace the filter", due: "2027-01-20")
            let overdue = try await task(ada, "Gutters", "Clear the gutters", due: "2026-11-01")
            _ = try await task(ada, "Chimney", "Sweep the chimney", due: "2027-06-01")
            let deleted = try await task(ada, "Old car", "MOT", due: "2027-01-16")
            try await ada.store.deleteItem(id: deleted.itemId, householdId: ada.home)
            let sold = try await task(ada, "Old bike", "Oil the chain", due: "2027-01-17")
            _ = try await ada.store.updateItem(id: sold.itemId, householdId: ada.home) { $0.disposition = .sold }
            _ = try await task(bob, "Bob's fridge", "Replace Bob's filter", due: "2027-01-18")

            let due = try await ada.store.dueMaintenance(householdId: ada.home, through: today.adding(days: 14)!)
            #expect(due.map(\.task.id) == [overdue.id, filter.id])
            #expect(due.map(\.itemName) == ["Gutters", "Fridge"] && due.allSatisfy { $0.assetId != nil })
        }
    }

    @Test(arguments: Backend.available)
    func eachReminderIsSentOnceAndAgainForANewDueDay(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let fridge = try await ada.add("Fridge")
            let filter = try await ada.store.createMaintenanceTask(itemId: fridge.id, householdId: ada.home, title: "Replace the filter",
                                                                   interval: MaintenanceInterval(count: 6, unit: .months), dueOn: date("2027-01-20"),
                                                                   note: nil, today: today).task
            let push = PushStore(database: database, clock: ada.clock)
            func claim(on day: CalendarDate) async throws -> [Int] {
                var windows: [Int] = []
                for due in try await push.dueMaintenanceReminders(now: day.startInUTC + 12 * 3600) {
                    let claimed = try await database.transaction { db in try await push.claimMaintenanceReminders(due.tasks, window: due.window, on: db) }
                    let again = try await database.transaction { db in try await push.claimMaintenanceReminders(due.tasks, window: due.window, on: db) }
                    #expect(claimed.map(\.id) == [filter.id] && again.isEmpty && due.householdId == ada.home)
                    windows.append(due.window)
                }
                return windows
            }
            #expect(try await claim(on: date("2027-01-12")) == [], "8 days ahead: not yet")
            #expect(try await claim(on: today) == [7])
            #expect(try await claim(on: date("2027-01-16")) == [])
            #expect(try await claim(on: date("2027-01-21")) == [0], "overdue: reminded once")
            #expect(try await claim(on: date("2027-01-22")) == [])
            // Done: due on 2027-07-21, reminded of again.
            _ = try await ada.store.logMaintenance(itemId: fridge.id, householdId: ada.home, taskId: filter.id, title: nil,
                                                   doneOn: date("2027-01-21"), cost: nil, note: nil, today: date("2027-01-21"))
            #expect(try await claim(on: date("2027-07-14")) == [7])
        }
    }

    @Test(arguments: Backend.available)
    func theDayIsTheHouseholdsNotUTCs(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let clock = VirtualClock()
            let accounts = AccountStore(database: database, clock: clock)
            let ada = try await accounts.register(name: "Ada", email: "ada@example.org", passwordHash: "h")
            try await accounts.updateTimeZone(userId: ada.id, "America/Los_Angeles")
            let store = InventoryStore(database: database, clock: clock)
            try await store.prepare(householdId: ada.householdId)
            let boiler = try await store.createItem(id: nil, householdId: ada.householdId, ItemDetails(name: "Boiler")).item
            _ = try await store.createMaintenanceTask(itemId: boiler.id, householdId: ada.householdId, title: "Service the boiler", interval: nil,
                                                      dueOn: date("2027-01-20"), note: nil, today: today)
            let push = PushStore(database: database, clock: clock)
            // 05:00 UTC on the 20th is 21:00 on the 19th in Los Angeles: due tomorrow there, a week's reminder.
            let evening = date("2027-01-20").startInUTC + 5 * 3600
            #expect(try await push.dueMaintenanceReminders(now: evening).map(\.window) == [7])
            // 09:00 UTC is 01:00 on the 20th there: due today.
            #expect(try await push.dueMaintenanceReminders(now: evening + 4 * 3600).map(\.window) == [0])
        }
    }

    @Test(arguments: Backend.available)
    func tasksAndTheLogGoThroughABackup(backend: Backend) async throws {
        try await withDatabase(backend) { database in
            let ada = try await InventoryFixture.make(database)
            let boiler = try await ada.add("Boiler")
            let service = try await ada.store.createMaintenanceTask(itemId: boiler.id, householdId: ada.home, title: "Service the boiler",
                                                                    interval: yearly, dueOn: nil, note: "Gas Safe engineer", today: today).task
            _ = try await ada.store.logMaintenance(itemId: boiler.id, householdId: ada.home, taskId: service.id, title: nil, doneOn: today,
                                                   cost: Money(amount: 9_500, currency: "GBP"), note: "All fine", today: today)
            _ = try await ada.store.logMaintenance(itemId: boiler.id, householdId: ada.home, taskId: nil, title: "New pressure valve",
                                                   doneOn: date("2026-10-02"), cost: nil, note: nil, today: today)
            let before = try await ada.store.maintenance(itemId: boiler.id, householdId: ada.home)
            let backup = try await ada.store.backup(householdId: ada.home, appVersion: "test")
            #expect(backup.maintenance?.tasks.count == 1 && backup.maintenance?.log.count == 2)
            let decoded = try HouseholdBackup.decode(try HouseholdBackup.encoder().encode(backup))
            #expect(decoded.maintenance == backup.maintenance)

            // Into another household: the same tasks and log, on its copy of the boiler.
            let bob = try await InventoryFixture.make(database, email: "bob@example.org", clock: ada.clock)
            _ = try await bob.store.restore(decoded, householdId: bob.home, strategy: .replace, archiveFiles: [], place: { _ in }, dryRun: false)
            let copy = try #require(try await bob.store.items(householdId: bob.home, ItemQuery(sort: .name)).items.first { $0.name == "Boiler" })
            let restored = try await bob.store.maintenance(itemId: copy.id, householdId: bob.home)
            #expect(restored.tasks.map(\.title) == before.tasks.map(\.title) && restored.tasks.map(\.dueOn) == before.tasks.map(\.dueOn))
            #expect(restored.tasks.map(\.interval) == [yearly] && restored.tasks.first?.id != service.id, "A's ids stay A's")
            #expect(restored.log.map(\.title) == before.log.map(\.title) && restored.log.map(\.cost) == before.log.map(\.cost))
            #expect(restored.log.first?.taskId == restored.tasks.first?.id)

            // Merged back into A's own household: nothing twice. Replaced: all of it again.
            _ = try await ada.store.restore(decoded, householdId: ada.home, strategy: .merge, archiveFiles: [], place: { _ in }, dryRun: false)
            #expect(try await ada.store.maintenance(itemId: boiler.id, householdId: ada.home) == before)
            _ = try await ada.store.restore(decoded, householdId: ada.home, strategy: .replace, archiveFiles: [], place: { _ in }, dryRun: false)
            let replaced = try await ada.store.maintenance(itemId: boiler.id, householdId: ada.home)
            #expect(replaced.tasks.map(\.id) == [service.id] && replaced.log.count == 2)
        }
    }
}

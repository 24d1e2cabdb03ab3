import Foundation
import Testing
@testable import HearthCore

/// When maintenance is due: intervals counted from the day it was last done, the standing on a day,
/// what is checked, and the reminders a week ahead and on the day.
@Suite struct MaintenanceTests {
    let today = CalendarDate(year: 2027, month: 1, day: 15)!

    func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

    func task(due: CalendarDate?, every: MaintenanceInterval? = nil) -> MaintenanceTask {
        MaintenanceTask(id: UUID(), itemId: UUID(), title: "Service the boiler", interval: every, dueOn: due, note: nil,
                        createdAt: Date(), updatedAt: Date())
    }

    @Test func anIntervalCountsFromTheDayItWasDone() {
        #expect(MaintenanceInterval(count: 90, unit: .days).next(after: date("2027-01-15")) == date("2027-04-15"))
        #expect(MaintenanceInterval(count: 6, unit: .months).next(after: date("2027-01-15")) == date("2027-07-15"))
        // The end of a shorter month, and of February in a leap year.
        #expect(MaintenanceInterval(count: 1, unit: .months).next(after: date("2027-01-31")) == date("2027-02-28"))
        #expect(MaintenanceInterval(count: 1, unit: .years).next(after: date("2028-02-29")) == date("2029-02-28"))
        #expect(MaintenanceInterval(count: 2, unit: .years).next(after: date("2027-03-01")) == date("2029-03-01"))
        #expect(MaintenanceInterval(count: 1, unit: .years).description == "every year")
        #expect(MaintenanceInterval(count: 6, unit: .months).description == "every 6 months")
    }

    @Test func aRepeatingTaskIsDueAgainAfterItsLatestDoneDayAndOneDoneOnceNever() {
        let yearly = task(due: date("2027-01-10"), every: MaintenanceInterval(count: 1, unit: .years))
        #expect(yearly.dueAfter(lastDone: date("2027-01-20")) == date("2028-01-20"))
        #expect(task(due: date("2027-01-10")).dueAfter(lastDone: date("2027-01-20")) == nil)
    }

    @Test func theStandingOfATaskOnADay() {
        #expect(task(due: date("2027-01-12")).status(today: today) == .overdue(days: 3))
        #expect(task(due: today).status(today: today) == .dueSoon(days: 0))
        #expect(task(due: date("2027-01-29")).status(today: today) == .dueSoon(days: 14))
        #expect(task(due: date("2027-01-30")).status(today: today) == .later(days: 15))
        #expect(task(due: nil).status(today: today) == .done)
        #expect([MaintenanceStatus.overdue(days: 1), .dueSoon(days: 0), .dueSoon(days: 1), .dueSoon(days: 5), .done].map(\.description)
            == ["1 day overdue", "due today", "due tomorrow", "due in 5 days", "done"])
    }

    @Test func whatIsEnteredIsChecked() throws {
        let clean = try MaintenanceRules.task(title: "  Replace the filter ", interval: MaintenanceInterval(count: 6, unit: .months), dueOn: nil, note: " ")
        #expect(clean.title == "Replace the filter" && clean.note == nil)
        #expect(throws: InventoryError.self) { try MaintenanceRules.task(title: " ", interval: nil, dueOn: today, note: nil) }
        for interval in [MaintenanceInterval(count: 0, unit: .days), MaintenanceInterval(count: 3651, unit: .days),
                         MaintenanceInterval(count: 121, unit: .months), MaintenanceInterval(count: 11, unit: .years)] {
            #expect(throws: InventoryError.self, "\(interval)") { try interval.validated() }
        }
        #expect(throws: InventoryError.self) { try MaintenanceRules.task(title: "Service", interval: nil, dueOn: date("0207-01-01"), note: nil) }
        #expect(throws: InventoryError.invalidMoney(field: "cost")) {
            try MaintenanceRules.entry(title: "Service", doneOn: today, cost: Money(amount: -1, currency: "USD"), note: nil, today: today)
        }
        #expect(throws: InventoryError.unknownCurrency("XXQ")) {
            try MaintenanceRules.entry(title: "Service", doneOn: today, cost: Money(amount: 100, currency: "XXQ"), note: nil, today: today)
        }
    }

    @Test func aDayDoneInTheFutureIsRefusedButTomorrowIsNot() throws {
        // Tomorrow: a time zone ahead of the account's. A year mistyped: refused.
        _ = try MaintenanceRules.entry(title: "Service", doneOn: today.adding(days: 1)!, cost: nil, note: nil, today: today)
        #expect(throws: InventoryError.self) {
            try MaintenanceRules.entry(title: "Service", doneOn: date("2062-01-15"), cost: nil, note: nil, today: today)
        }
        // A backup's entries are kept as they were.
        _ = try MaintenanceRules.entry(title: "Service", doneOn: date("2062-01-15"), cost: nil, note: nil, today: nil)
    }

    @Test func aTaskIsRemindedAWeekAheadAndOnTheDay() {
        let day = { (offset: Int) in self.today.adding(days: offset)! }
        #expect(MaintenanceReminders.reminder(dueOn: day(8), today: today) == nil)
        #expect(MaintenanceReminders.reminder(dueOn: day(7), today: today) == 7)
        #expect(MaintenanceReminders.reminder(dueOn: day(1), today: today) == 7)
        #expect(MaintenanceReminders.reminder(dueOn: day(0), today: today) == 0)
        #expect(MaintenanceReminders.reminder(dueOn: day(-30), today: today) == 0, "found overdue: reminded once")
    }

    @Test func tasksOfOneWindowShareANotification() {
        let tasks = ["Service the boiler", "Replace the filter", "Descale", "Oil the hinges"].enumerated().map { index, title in
            MaintenanceReminders.Task(id: UUID(), itemId: UUID(), itemName: "Item \(index)", title: title, dueOn: today)
        }
        let one = MaintenanceReminders.notification(window: 0, tasks: [tasks[0]])
        #expect(one.title == "Maintenance due: Service the boiler" && one.body == "Item 0: Service the boiler, due on 2027-01-15.")
        #expect(one.url == "/inventory/items/\(tasks[0].itemId.text)#maintenance" && one.kind == .maintenance && !one.isTimely)
        let week = MaintenanceReminders.notification(window: 7, tasks: tasks)
        #expect(week.title == "4 maintenance tasks are due within 7 days" && week.tag == "maintenance-7" && week.url == "/inventory#maintenance")
        #expect(week.body == "Service the boiler (Item 0), Replace the filter (Item 1), Descale (Item 2) and 1 more.")
    }
}

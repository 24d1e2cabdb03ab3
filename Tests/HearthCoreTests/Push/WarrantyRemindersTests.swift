import Foundation
import Testing
@testable import HearthCore

@Suite struct WarrantyRemindersTests {
    let today = CalendarDate(year: 2027, month: 1, day: 15)!

    @Test func aWarrantyGetsTheThirtyDayReminderThenTheSevenDayOne() {
        let day = { (offset: Int) in self.today.adding(days: offset)! }
        #expect(WarrantyReminders.reminder(endingOn: day(31), today: today) == nil)
        #expect(WarrantyReminders.reminder(endingOn: day(30), today: today) == 30)
        #expect(WarrantyReminders.reminder(endingOn: day(8), today: today) == 30)
        #expect(WarrantyReminders.reminder(endingOn: day(7), today: today) == 7)
        #expect(WarrantyReminders.reminder(endingOn: day(0), today: today) == 7)
        #expect(WarrantyReminders.reminder(endingOn: day(-1), today: today) == nil)
    }

    @Test func itemsEndingInTheSameWindowShareOneNotification() {
        let items = ["Television", "Fridge", "Laptop", "Drill", "Kettle"].map {
            WarrantyReminders.Item(id: UUID(), name: $0, endsOn: today.adding(days: 20)!)
        }
        let one = WarrantyReminders.notification(window: 30, items: Array(items.prefix(1)))
        #expect(one.title == "A warranty ends within 30 days")
        #expect(one.body == "Television: the warranty ends on 2027-02-04. Check it works while it is covered.")
        let many = WarrantyReminders.notification(window: 7, items: items)
        #expect(many.title == "5 warranties end within 7 days" && many.body == "Television, Fridge, Laptop and 2 more.")
        #expect(many.kind == .warranty && many.tag == "warranty-7" && !many.isTimely)
    }
}

import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The maintenance card's forms on an item's page: add a task, mark one done (today, or on a day
/// with a cost), log something else, delete a task or an entry. Each answers with the item's page
/// again, at its maintenance card, or with the error above it.
struct MaintenancePages {
    let services: AppServices

    struct TaskForm: Decodable {
        let title: String?
        let every: String?
        let unit: String?
        let dueOn: String?
        let note: String?

        enum CodingKeys: String, CodingKey {
            case title, every, unit, dueOn = "due_on", note
        }

        /// Once, or every `every` of `unit` (the store checks its range).
        var interval: MaintenanceInterval? {
            get throws(InventoryError) {
                guard let unit = unit.flatMap(MaintenanceInterval.Unit.init(rawValue:)) else { return nil }
                guard let count = every?.trimmingCharacters(in: .whitespaces).nilIfEmpty.flatMap({ Int($0) }) else {
                    throw .invalidMaintenance("Write how often it repeats as a whole number, such as 6 (months).")
                }
                return MaintenanceInterval(count: count, unit: unit)
            }
        }
    }

    struct EntryForm: Decodable {
        let title: String?
        let doneOn: String?
        let cost: String?
        let note: String?

        enum CodingKeys: String, CodingKey {
            case title, doneOn = "done_on", cost, note
        }

        func cost(in currency: String) throws(InventoryError) -> Money? {
            guard let text = cost?.trimmingCharacters(in: .whitespaces).nilIfEmpty else { return nil }
            guard let money = Money(parsing: text, currency: currency) else { throw .invalidMoney(field: "cost") }
            return money
        }
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.post("/inventory/items/{id}/maintenance/tasks", use: addTask)
        router.post("/inventory/items/{id}/maintenance/log", use: logOther)
        router.post("/inventory/maintenance/tasks/{taskId}/done", use: done)
        router.post("/inventory/maintenance/tasks/{taskId}/delete", use: deleteTask)
        router.post("/inventory/maintenance/log/{entryId}/delete", use: deleteEntry)
    }

    func addTask(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let itemId = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: TaskForm.self, context: context)
        return try await answer(itemId, context) {
            _ = try await services.inventory.createMaintenanceTask(
                itemId: itemId, householdId: user.householdId, title: form.title ?? "", interval: try form.interval,
                dueOn: try date(form.dueOn, field: "first due date"), note: form.note, today: services.today(for: user))
        }
    }

    func logOther(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let itemId = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: EntryForm.self, context: context)
        return try await answer(itemId, context) {
            _ = try await log(form, itemId: itemId, taskId: nil, user: user)
        }
    }

    func done(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let taskId = try context.parameters.require("taskId", as: UUID.self)
        let form = try await request.decode(as: EntryForm.self, context: context)
        let itemId = try await task(taskId, of: user).itemId
        return try await answer(itemId, context) {
            _ = try await log(form, itemId: itemId, taskId: taskId, user: user)
        }
    }

    func deleteTask(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let taskId = try context.parameters.require("taskId", as: UUID.self)
        let itemId = try await task(taskId, of: user).itemId
        return try await answer(itemId, context) {
            try await services.inventory.deleteMaintenanceTask(id: taskId, householdId: user.householdId)
        }
    }

    func deleteEntry(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let entryId = try context.parameters.require("entryId", as: UUID.self)
        guard let itemId = try await services.inventory.maintenanceEntryItem(id: entryId, householdId: user.householdId) else {
            throw InventoryError.maintenanceNotFound
        }
        return try await answer(itemId, context) {
            try await services.inventory.deleteMaintenanceEntry(id: entryId, householdId: user.householdId)
        }
    }

    private func log(_ form: EntryForm, itemId: UUID, taskId: UUID?, user: User) async throws -> (entry: MaintenanceEntry, created: Bool) {
        let currency = try await services.inventory.currency(householdId: user.householdId), today = services.today(for: user)
        return try await services.inventory.logMaintenance(
            itemId: itemId, householdId: user.householdId, taskId: taskId, title: form.title,
            doneOn: try date(form.doneOn, field: "date it was done") ?? today, cost: try form.cost(in: currency), note: form.note, today: today)
    }

    private func task(_ id: UUID, of user: User) async throws -> MaintenanceTask {
        try await services.inventory.maintenanceTask(id: id, householdId: user.householdId)
    }

    private func date(_ text: String?, field: String) throws(InventoryError) -> CalendarDate? {
        guard let text = text?.trimmingCharacters(in: .whitespaces).nilIfEmpty else { return nil }
        guard let date = CalendarDate(iso: text) else { throw .invalidMaintenance("The \(field) must be a date such as 2027-03-01.") }
        return date
    }

    /// Does `change`, then shows the item's maintenance card; a mistake in the form is shown on the item's page.
    private func answer(_ itemId: UUID, _ context: HearthRequestContext, _ change: () async throws -> Void) async throws -> Response {
        let user = try context.requireUser()
        do {
            try await change()
        } catch let error as InventoryError where error != .itemNotFound && error != .maintenanceNotFound {
            return try await InventoryPages(services: services).renderItem(itemId, context: context, error: error.message,
                                                                           status: ProblemDetails.status(of: error))
        }
        await services.events.publishInventoryChange("maintenanceChanged", itemId: itemId, by: user)
        return .seeOther("/inventory/items/\(itemId.text)#maintenance", notice: .saved)
    }
}

import Foundation
import HearthAPI
import HearthCore
import HearthReports
import HearthStore
import Hummingbird
import OpenAPIRuntime

/// Maintenance tasks on items, the log of what was done, what is due, and the log as CSV. Every
/// change is published as an `inventory` event of its item.
extension HearthAPIService {
    func getItemMaintenance(_ input: Operations.GetItemMaintenance.Input) async throws -> Operations.GetItemMaintenance.Output {
        let user = try APIRequest.requireUser()
        let maintenance = try await services.inventory.maintenance(itemId: try Self.uuid(input.path.id), householdId: user.householdId)
        let today = services.today(for: user)
        return .ok(.init(body: .json(.init(tasks: maintenance.tasks.map { .init($0, today: today) }, log: maintenance.log.map { .init($0) }))))
    }

    func createMaintenanceTask(_ input: Operations.CreateMaintenanceTask.Input) async throws -> Operations.CreateMaintenanceTask.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let today = services.today(for: user)
        let (task, created) = try await services.inventory.createMaintenanceTask(
            id: try Self.uuid(body.id), itemId: try Self.uuid(input.path.id), householdId: user.householdId, title: body.title,
            interval: body.every?.domain, dueOn: try InventoryInput.date(body.dueOn, field: "dueOn"), note: body.note, today: today)
        guard created else { return .ok(.init(body: .json(.init(task, today: today)))) }
        await services.events.publishInventoryChange("maintenanceChanged", itemId: task.itemId, by: user)
        return .created(.init(body: .json(.init(task, today: today))))
    }

    func updateMaintenanceTask(_ input: Operations.UpdateMaintenanceTask.Input) async throws -> Operations.UpdateMaintenanceTask.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let taskId = try Self.uuid(input.path.taskId)
        _ = try await services.inventory.maintenanceTask(id: taskId, householdId: user.householdId)  // another household's: 404 first
        let cleared = Set((body.clear ?? []).map(\.rawValue))
        let every = body.every?.domain, dueOn = try InventoryInput.date(body.dueOn, field: "dueOn")
        if cleared.contains("every") && every != nil || cleared.contains("note") && body.note != nil {
            throw HTTPError(.unprocessableContent, message: "A field cannot be both given and cleared.")
        }
        let change = InventoryStore.MaintenanceTaskChange(
            title: body.title, interval: cleared.contains("every") ? .some(nil) : every.map { .some($0) }, dueOn: dueOn.map { .some($0) },
            note: cleared.contains("note") ? .some(nil) : body.note.map { .some($0) })
        let today = services.today(for: user)
        let task = try await services.inventory.updateMaintenanceTask(id: taskId, householdId: user.householdId, change, today: today)
        await services.events.publishInventoryChange("maintenanceChanged", itemId: task.itemId, by: user)
        return .ok(.init(body: .json(.init(task, today: today))))
    }

    func deleteMaintenanceTask(_ input: Operations.DeleteMaintenanceTask.Input) async throws -> Operations.DeleteMaintenanceTask.Output {
        let user = try APIRequest.requireUser()
        let itemId = try await services.inventory.deleteMaintenanceTask(id: try Self.uuid(input.path.taskId), householdId: user.householdId)
        await services.events.publishInventoryChange("maintenanceChanged", itemId: itemId, by: user)
        return .noContent
    }

    func logMaintenance(_ input: Operations.LogMaintenance.Input) async throws -> Operations.LogMaintenance.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let today = services.today(for: user)
        let (entry, created) = try await services.inventory.logMaintenance(
            id: try Self.uuid(body.id), itemId: try Self.uuid(input.path.id), householdId: user.householdId, taskId: try Self.uuid(body.taskId),
            title: body.title, doneOn: try InventoryInput.date(body.doneOn, field: "doneOn") ?? today, cost: body.cost?.domain, note: body.note,
            today: today)
        guard created else { return .ok(.init(body: .json(.init(entry)))) }
        await services.events.publishInventoryChange("maintenanceChanged", itemId: entry.itemId, by: user)
        return .created(.init(body: .json(.init(entry))))
    }

    func deleteMaintenanceEntry(_ input: Operations.DeleteMaintenanceEntry.Input) async throws -> Operations.DeleteMaintenanceEntry.Output {
        let user = try APIRequest.requireUser()
        let itemId = try await services.inventory.deleteMaintenanceEntry(id: try Self.uuid(input.path.entryId), householdId: user.householdId)
        await services.events.publishInventoryChange("maintenanceChanged", itemId: itemId, by: user)
        return .noContent
    }

    func listDueMaintenance(_ input: Operations.ListDueMaintenance.Input) async throws -> Operations.ListDueMaintenance.Output {
        let user = try APIRequest.requireUser()
        let days = input.query.days ?? MaintenanceStatus.soonDays
        guard (0...366).contains(days) else { throw HTTPErrorMessage.badRequest("“days” must be between 0 and 366.") }
        let today = services.today(for: user)
        let due = try await services.inventory.dueMaintenance(householdId: user.householdId, through: today.adding(days: days) ?? today)
        return .ok(.init(body: .json(.init(tasks: due.map { .init(task: .init($0.task, today: today), itemName: $0.itemName, assetId: $0.assetId?.text) }))))
    }

    func exportMaintenanceCSV(_ input: Operations.ExportMaintenanceCSV.Input) async throws -> Operations.ExportMaintenanceCSV.Output {
        let user = try APIRequest.requireUser()
        let csv = MaintenanceCSV.render(try await services.inventory.maintenanceLog(householdId: user.householdId).map {
            MaintenanceCSV.Row(entry: $0.entry, itemName: $0.itemName, assetId: $0.assetId)
        })
        let name = "hearth-maintenance-\(services.today(for: user).description.replacingOccurrences(of: "-", with: "")).csv"
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(name)\""), body: .textCsvCharsetUtf8(HTTPBody(csv))))
    }
}

extension Components.Schemas.MaintenanceInterval {
    init(_ interval: MaintenanceInterval) {
        self.init(count: interval.count, unit: .init(rawValue: interval.unit.rawValue)!)
    }

    /// The interval as sent; the store checks its range (422).
    var domain: MaintenanceInterval {
        MaintenanceInterval(count: count, unit: MaintenanceInterval.Unit(rawValue: unit.rawValue)!)
    }
}

extension Components.Schemas.MaintenanceTask {
    init(_ task: MaintenanceTask, today: CalendarDate) {
        let status: StatusPayload = switch task.status(today: today) {
        case .overdue: .overdue
        case .dueSoon: .dueSoon
        case .later: .later
        case .done: .done
        }
        self.init(id: task.id.text, itemId: task.itemId.text, title: task.title, every: task.interval.map(Components.Schemas.MaintenanceInterval.init),
                  dueOn: task.dueOn?.description, status: status, note: task.note, createdAt: task.createdAt, updatedAt: task.updatedAt)
    }
}

extension Components.Schemas.MaintenanceEntry {
    init(_ entry: MaintenanceEntry) {
        self.init(id: entry.id.text, itemId: entry.itemId.text, taskId: entry.taskId?.text, title: entry.title, doneOn: entry.doneOn.description,
                  cost: entry.cost.map(Components.Schemas.Money.init), note: entry.note, createdAt: entry.createdAt)
    }
}

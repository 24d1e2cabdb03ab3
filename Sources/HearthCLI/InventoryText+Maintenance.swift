import Foundation
import HearthAPI
import HearthCore

/// Maintenance as it reads in a terminal.
extension InventoryText {
    /// "due 2027-01-20 (in 5 days), every 6 months", "overdue since 2026-11-01", "done".
    static func standing(_ task: Components.Schemas.MaintenanceTask) -> String {
        let every = task.every.map { ", " + MaintenanceInterval(count: $0.count, unit: .init(rawValue: $0.unit.rawValue) ?? .days).description } ?? ""
        guard let due = task.dueOn else { return "done" }
        let when = switch task.status {
        case .overdue: "overdue since \(due)"
        case .dueSoon, .later: "due \(due)"
        case .done: "done"
        }
        return when + every
    }

    static func dueMaintenance(_ due: [Components.Schemas.DueMaintenance], days: Int) -> String {
        guard !due.isEmpty else { return "Nothing is due in the next \(days) days." }
        return due.map { entry in
            "\(entry.task.dueOn ?? "")  \(entry.task.title) — \(entry.itemName)\(entry.assetId.map { " (\($0))" } ?? "")\(entry.task.status == .overdue ? "  OVERDUE" : "")"
        }.joined(separator: "\n")
    }

    static func maintenance(_ maintenance: Components.Schemas.ItemMaintenance, itemName: String) -> String {
        var lines = ["\(itemName): maintenance"]
        lines += maintenance.tasks.isEmpty ? ["  No tasks. Add one with `hearth inventory maintenance add \"\(itemName)\" TITLE --every \"1 year\"`."]
            : maintenance.tasks.map { "  \($0.title): \(standing($0))" }
        if !maintenance.log.isEmpty {
            lines.append("Log:")
            lines += maintenance.log.map { entry in
                "  \(entry.doneOn)  \(entry.title)\(entry.cost.map { "  \(money($0))" } ?? "")\(entry.note.map { "  (\($0))" } ?? "")"
            }
        }
        return lines.joined(separator: "\n")
    }
}

import Foundation
import HearthAPI
import HearthCore
import HearthMedia
import HearthReports
import HearthStore
import Hummingbird
import OpenAPIRuntime

/// The inventory as CSV, and items imported from CSV (Hearth's own or HomeBox's).
extension HearthAPIService {
    func exportInventoryCSV(_ input: Operations.ExportInventoryCSV.Input) async throws -> Operations.ExportInventoryCSV.Output {
        let user = try APIRequest.requireUser()
        let q = input.query
        let today = services.today(for: user)
        let query = try InventoryInput.itemQuery(
            q: q.q, room: q.room, category: q.category, tag: q.tag, documented: q.documented, condition: q.condition, missing: q.missing,
            warrantyEnding: q.warrantyEnding, barcode: q.barcode, sort: q.sort?.rawValue, today: today
        )
        let items = try await services.inventory.allItems(householdId: user.householdId, query)
        var names: [UUID: String] = [:]
        for kind in InventoryGroup.Kind.allCases {
            for group in try await services.inventory.groups(kind, householdId: user.householdId) { names[group.id] = group.name }
        }
        let csv = try InventoryCSV.render(items, groupNames: names)
        let name = "hearth-inventory-\(today.description.replacingOccurrences(of: "-", with: "")).csv"
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(name)\""), body: .csv(HTTPBody(csv))))
    }

    func importInventory(_ input: Operations.ImportInventory.Input) async throws -> Operations.ImportInventory.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .multipartForm(let parts): parts }
        let upload: MediaLibrary.Upload
        do {
            upload = try await receiveOne(body.compactMap { part -> HTTPBody? in if case .file(let file) = part { file.payload.body } else { nil } })
        } catch MediaError.notAnImage {
            throw HTTPError(.unprocessableContent, message: "This file cannot be imported: it is empty.")
        }
        defer { services.media.discard(upload) }
        let data = try Data(contentsOf: upload.temporary)
        // Spreadsheet apps on Windows still save CSV as Windows-1252.
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .windowsCP1252) else {
            throw HTTPError(.unprocessableContent, message: "This file cannot be imported: it is not text.")
        }
        let currency = try await services.inventory.currency(householdId: user.householdId)
        let read: (items: [ImportedItem], problems: [ImportProblem])
        do {
            read = input.query.format == .homebox ? try HomeBoxCSV.items(from: text, currency: currency)
                : try InventoryCSV.items(from: text, currency: currency)
        } catch {
            throw HTTPError(.unprocessableContent, message: "This file cannot be imported: \(error.reason).")
        }
        let dryRun = input.query.dryRun ?? false
        let report = try await services.inventory.importItems(read.items, problems: read.problems, householdId: user.householdId, dryRun: dryRun)
        if !dryRun && report.created + report.updated > 0 {
            await services.events.publishInventoryChange("imported", householdId: user.householdId, by: user.id)
        }
        return .ok(.init(body: .json(.init(report, dryRun: dryRun))))
    }
}

extension Components.Schemas.ImportReport {
    init(_ report: ImportReport, dryRun: Bool) {
        self.init(
            dryRun: dryRun, created: report.created, updated: report.updated, skipped: report.skipped, roomsCreated: report.roomsCreated,
            categoriesCreated: report.categoriesCreated,
            rows: report.rows.prefix(1000).map { .init(line: $0.line, name: $0.name, action: .init(rawValue: $0.action.rawValue) ?? .skip, reason: $0.reason) },
            problems: report.problems.map { .init(line: $0.line, reason: $0.reason) }
        )
    }
}

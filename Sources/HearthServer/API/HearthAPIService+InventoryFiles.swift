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
        var query = try InventoryInput.itemQuery(
            q: q.q, room: q.room, category: q.category, tag: q.tag, documented: q.documented, condition: q.condition, missing: q.missing,
            warrantyEnding: q.warrantyEnding, barcode: q.barcode, status: q.status?.rawValue ?? "all", sort: q.sort?.rawValue, today: today
        )
        try await services.inventory.applySearchFilters(to: &query, householdId: user.householdId, today: today)
        var names: [UUID: String] = [:]
        for kind in InventoryGroup.Kind.allCases {
            for group in try await services.inventory.groups(kind, householdId: user.householdId) { names[group.id] = group.name }
        }
        let inventory = services.inventory, householdId = user.householdId, filtered = query
        let pages = InventoryCSV.Pages(groupNames: names) { cursor in
            var page = filtered
            page.cursor = cursor
            return try await inventory.exportPage(householdId: householdId, page)
        }
        let name = "hearth-inventory-\(today.description.replacingOccurrences(of: "-", with: "")).csv"
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(name)\""),
                         body: .textCsvCharsetUtf8(HTTPBody(pages, length: .unknown, iterationBehavior: .single))))
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
        let currency = try await services.inventory.currency(householdId: user.householdId)
        let file: CSVText, read: ImportedFile
        do {
            file = try CSVText(decoding: data)
            read = input.query.format == .homebox ? try HomeBoxCSV.items(from: file.text, currency: currency)
                : try InventoryCSV.items(from: file.text, currency: currency)
        } catch {
            throw HTTPError(.unprocessableContent, message: "This file cannot be imported: \(error.reason).")
        }
        let dryRun = input.query.dryRun ?? false
        let report = try await services.inventory.importItems(read, householdId: user.householdId, dryRun: dryRun)
        if !dryRun && report.created + report.updated > 0 {
            await services.events.publishInventoryChange("imported", householdId: user.householdId, by: user.id)
        }
        return .ok(.init(body: .json(.init(report, dryRun: dryRun, file: file))))
    }
}

extension Components.Schemas.ImportReport {
    init(_ report: ImportReport, dryRun: Bool, file: CSVText) {
        self.init(
            dryRun: dryRun, encoding: .init(rawValue: file.encoding.rawValue), notice: file.notice, created: report.created,
            updated: report.updated, skipped: report.skipped, roomsCreated: report.roomsCreated, categoriesCreated: report.categoriesCreated,
            rows: report.rows.prefix(1000).map { .init(line: $0.line, name: $0.name, action: .init(rawValue: $0.action.rawValue) ?? .skip, reason: $0.reason) },
            problems: report.problems.map { .init(line: $0.line, reason: $0.reason) }
        )
    }
}

import Foundation
import HearthAPI
import HearthCore
import HearthReports
import HearthStore
import NIOConcurrencyHelpers
import OpenAPIRuntime

/// Reports of the inventory: the full PDF.
extension HearthAPIService {
    func inventoryReportPDF(_ input: Operations.InventoryReportPDF.Input) async throws -> Operations.InventoryReportPDF.Output {
        let user = try APIRequest.requireUser()
        var options = InventoryReports.Options(withPhotos: input.query.photos ?? true,
                                               sort: ItemQuery.Sort(rawValue: input.query.sort?.rawValue ?? "name") ?? .name)
        if let rooms = input.query.rooms, !rooms.isEmpty {
            let parts = rooms.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard rooms.count <= 2000, parts.allSatisfy({ $0 == "none" || UUID(uuidString: $0) != nil }) else {
                throw HTTPErrorMessage.badRequest("“rooms” must be room ids (or none) separated by commas.")
            }
            options.includeNoRoom = parts.contains("none")
            options.rooms = Set(parts.compactMap(UUID.init(uuidString:)))
        }
        if let id = input.query.progress, id.isEmpty || id.count > 64 || !id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) {
            throw HTTPErrorMessage.badRequest("“progress” must be 1 to 64 letters, digits or dashes.")
        }
        let progress = ReportProgress(events: services.events, user: user, id: input.query.progress)
        let url = try await services.reports.pdf(for: user, options: options, now: services.clock.now) { progress.report($0) }
        let name = "hearth-inventory-\(services.today(for: user).description).pdf"
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(name)\""), body: .pdf(try .temporaryFile(url))))
    }
}

/// Sends `report` events with how far a report is, every 5 per cent, to the user who asked.
final class ReportProgress: Sendable {
    private let events: EventHub
    private let user: User
    private let id: String?
    private let shown = NIOLockedValueBox(-1)

    init(events: EventHub, user: User, id: String?) {
        self.events = events
        self.user = user
        self.id = id
    }

    func report(_ done: Double) {
        guard let id else { return }
        let percent = Int(done * 100)
        let due = shown.withLockedValue { shown in
            guard percent >= shown + 5 || (percent == 100 && shown < 100) else { return false }
            shown = percent
            return true
        }
        guard due else { return }
        let event = ServerEvent(name: "report", data: #"{"progress":"\#(id)","done":\#(Double(percent) / 100)}"#)
        Task { [events, user] in await events.publish(event, to: .user(user)) }
    }
}

/// Label sheets.
extension HearthAPIService {
    func inventoryLabelsPDF(_ input: Operations.InventoryLabelsPDF.Input) async throws -> Operations.InventoryLabelsPDF.Output {
        let user = try APIRequest.requireUser()
        let query = input.query
        guard let selection = try InventoryLabels.Selection(items: query.items, room: query.room, box: query.box) else {
            throw InventoryError.invalidLabels("Choose exactly one of “items”, “room” or “box”.")
        }
        let layout = LabelLayout(rawValue: query.layout?.rawValue ?? "") ?? .averyL7160
        let start = query.start ?? 1
        guard (1...layout.perPage).contains(start) else {
            throw InventoryError.invalidLabels("“start” is a place on the sheet: 1 to \(layout.perPage) for \(layout.title).")
        }
        let items = try await services.labels.items(selection, householdId: user.householdId)
        let url = try await services.labels.pdf(items, householdId: user.householdId, layout: layout, start: start,
                                                origin: APIRequest.current.serverAddress)
        let name = "hearth-labels-\(services.today(for: user).description).pdf"
        return .ok(.init(headers: .init(contentDisposition: "attachment; filename=\"\(name)\""), body: .pdf(try .temporaryFile(url))))
    }
}

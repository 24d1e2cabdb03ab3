import Foundation
import HearthCore
import Hummingbird

/// The phone's capture page: take photos to make an item in one step (the Photo mode), with the
/// rooms to put it in. Receipt and barcode modes read on the server.
struct InventoryCapturePages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory/capture", use: page)
        router.get("/shell/capture", use: shell)
    }

    /// The Photo and Receipt modes as the service worker keeps them: its script keeps the mode asked
    /// for, adds the rooms from the account's offline copy, and keeps what is captured in the outbox
    /// until the connection is back.
    func shell(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let layout = Layout.shell(title: "Capture", section: .inventory, path: "/inventory/capture", context: context, assetVersion: services.renderer.assetVersion)
        var page = CapturePage(layout: layout, rooms: [], mode: "photo", maxUploadMB: services.configuration.limits.maxUploadBytes / 1_048_576)
        page.receiptMode = true // the script keeps the mode asked for; barcodes are looked up on the server
        return try services.renderer.render("inventory-capture", page).keptByServiceWorker()
    }

    func page(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let rooms = try await services.inventory.groups(.room, householdId: user.householdId)
        let asked = request.uri.queryParameters["mode"].map(String.init) ?? "photo"
        let mode = ["photo", "receipt", "barcode"].contains(asked) ? asked : "photo"
        let page = CapturePage(layout: services.layout("Capture", .inventory, context), rooms: SelectOption.groups(rooms, selected: nil),
                               mode: mode,
                               maxUploadMB: services.configuration.limits.maxUploadBytes / 1_048_576)
        return try services.renderer.render("inventory-capture", page)
    }
}

/// What the capture page needs: the rooms and the mode it opens in.
struct CapturePage: Sendable {
    let layout: Layout
    let rooms: [SelectOption]
    let maxUploadMB: Int
    /// The mode shown (Mustache reads stored properties only).
    var photoMode: Bool
    var receiptMode: Bool
    var barcodeMode: Bool

    init(layout: Layout, rooms: [SelectOption], mode: String, maxUploadMB: Int) {
        self.layout = layout
        self.rooms = rooms
        self.maxUploadMB = maxUploadMB
        photoMode = mode == "photo"
        receiptMode = mode == "receipt"
        barcodeMode = mode == "barcode"
    }
}

import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Receipts: the list, one receipt to review (what OCR proposed, as a form to confirm), linking it
/// to items (asking before it replaces what an item has), items made from its lines, and typing one in.
struct ReceiptPages {
    let services: AppServices

    struct LinkForm: Decodable {
        let item: String
        let line: Int?
        let fill: String?
    }

    struct LinesForm: Decodable {
        let lines: [Int]?
        enum CodingKeys: String, CodingKey { case lines = "line" }
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/inventory/receipts", use: index)
        router.get("/inventory/receipts/new", use: newReceipt)
        router.post("/inventory/receipts", use: create)
        router.get("/inventory/receipts/{id}", use: show)
        router.post("/inventory/receipts/{id}", use: confirm)
        router.post("/inventory/receipts/{id}/link", use: link)
        router.post("/inventory/receipts/{id}/items/{itemId}/unlink", use: unlink)
        router.post("/inventory/receipts/{id}/lines", use: itemsFromLines)
        router.post("/inventory/receipts/{id}/delete", use: delete)
    }

    func index(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let text = request.uri.formParameters["q"]
        let receipts = try await services.inventory.receipts(householdId: user.householdId, matching: text.flatMap { TextRules.containsControl($0) ? nil : $0 })
        let page = ReceiptListPage(layout: services.layout("Receipts", .inventory, context, notice: Notice.from(request)), receipts: receipts, query: text ?? "")
        return try services.renderer.render("inventory-receipts", page)
    }

    func newReceipt(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let currency = try await services.inventory.currency(householdId: user.householdId)
        var form = ReceiptForm()
        form.currency = currency
        form.lineDescription = ["", "", ""]
        return try renderForm(form, context: context, currency: currency)
    }

    func create(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: ReceiptForm.self, context: context)
        let currency = try await services.inventory.currency(householdId: user.householdId)
        do {
            let receipt = try await services.inventory.createReceipt(id: nil, householdId: user.householdId, image: nil,
                                                                     fields: try form.fields(defaultCurrency: currency)).receipt
            await services.events.publishInventoryChange("receiptAdded", householdId: user.householdId, receiptId: receipt.id, by: user.id)
            return .seeOther("/inventory/receipts/\(receipt.id.text)", notice: .saved)
        } catch let problem as InventoryItemForm.Problem {
            return try renderForm(form, context: context, currency: currency, error: problem.message)
        } catch let error as InventoryError {
            return try renderForm(form, context: context, currency: currency, error: error.message)
        }
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let linkTo = request.uri.queryParameters["item"].flatMap { UUID(uuidString: String($0)) }
        return try await render(try context.parameters.require("id", as: UUID.self), context: context, notice: Notice.from(request), linkTo: linkTo)
    }

    func confirm(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: ReceiptForm.self, context: context)
        do {
            let fields = try form.fields(defaultCurrency: try await services.inventory.currency(householdId: user.householdId))
            _ = try await services.inventory.confirmReceipt(id: id, householdId: user.householdId, fields)
        } catch let problem as InventoryItemForm.Problem {
            return try await render(id, context: context, form: form, error: problem.message, linkTo: form.item.flatMap(UUID.init(uuidString:)),
                                    status: .unprocessableContent)
        } catch let error as InventoryError where error != .receiptNotFound {
            return try await render(id, context: context, form: form, error: error.message, linkTo: form.item.flatMap(UUID.init(uuidString:)),
                                    status: .unprocessableContent)
        }
        await services.events.publishInventoryChange("receiptChanged", householdId: user.householdId, receiptId: id, by: user.id)
        let linkTo = form.item.flatMap(UUID.init(uuidString:)).map { "?item=\($0.text)" } ?? ""
        return .seeOther("/inventory/receipts/\(id.text)\(linkTo)", notice: .saved)
    }

    func link(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: LinkForm.self, context: context)
        guard let itemId = UUID(uuidString: form.item) else { throw InventoryError.itemNotFound }
        let fill = ReceiptFill(rawValue: form.fill ?? "empty") ?? .empty
        let result: (item: InventoryItem, conflicts: [String])
        do {
            result = try await services.inventory.linkReceipt(id: id, itemId: itemId, householdId: user.householdId, line: form.line, fill: fill)
        } catch InventoryError.receiptNotConfirmed {
            return try await render(id, context: context, error: InventoryError.receiptNotConfirmed.message, status: .conflict)
        }
        await services.events.publishInventoryChange("receiptChanged", householdId: user.householdId, itemId: itemId, receiptId: id, by: user.id)
        if result.conflicts.isEmpty { return .seeOther("/inventory/receipts/\(id.text)", notice: .receiptLinked) }
        guard let receipt = try await services.inventory.receipt(id: id, householdId: user.householdId) else { throw InventoryError.receiptNotFound }
        let line = form.line ?? receipt.lineIndex(matching: result.item.name)
        return try await render(id, context: context, conflict: .init(item: result.item, fields: result.conflicts, line: line,
                                                                      offer: receipt.purchaseOffer(line: line)))
    }

    func unlink(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let itemId = try context.parameters.require("itemId", as: UUID.self)
        try await services.inventory.unlinkReceipt(id: id, itemId: itemId, householdId: user.householdId)
        await services.events.publishInventoryChange("receiptChanged", householdId: user.householdId, itemId: itemId, receiptId: id, by: user.id)
        return .seeOther("/inventory/receipts/\(id.text)", notice: .saved)
    }

    /// Makes an item of each chosen line (name, quantity, price per piece, the receipt's date and
    /// shop) and links the receipt to it.
    func itemsFromLines(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        let form = try await request.decode(as: LinesForm.self, context: context)
        guard let receipt = try await services.inventory.receipt(id: id, householdId: user.householdId) else { throw InventoryError.receiptNotFound }
        guard receipt.status == .confirmed else {
            return try await render(id, context: context, error: InventoryError.receiptNotConfirmed.message, status: .conflict)
        }
        let chosen = (form.lines ?? []).filter { receipt.lines.indices.contains($0) }
        guard !chosen.isEmpty else { return .seeOther("/inventory/receipts/\(id.text)", notice: .noLineChosen) }
        for index in chosen {
            let line = receipt.lines[index]
            let item = try await services.inventory.createItem(id: nil, householdId: user.householdId,
                                                               ItemDetails(name: line.description, quantity: line.quantity)).item
            _ = try await services.inventory.linkReceipt(id: id, itemId: item.id, householdId: user.householdId, line: index, fill: .empty)
        }
        await services.events.publishInventoryChange("itemsChanged", householdId: user.householdId, receiptId: id, by: user.id)
        return .seeOther("/inventory/receipts/\(id.text)", notice: .itemsFromReceipt)
    }

    func delete(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        if let file = try await services.inventory.deleteReceipt(id: id, householdId: user.householdId) {
            await services.media.removeUnreferenced([file])
        }
        await services.events.publishInventoryChange("receiptDeleted", householdId: user.householdId, receiptId: id, by: user.id)
        return .seeOther("/inventory/receipts", notice: .receiptDeleted)
    }

    private func render(_ id: UUID, context: HearthRequestContext, notice: String? = nil, form: ReceiptForm? = nil, error: String? = nil,
                        linkTo: UUID? = nil, conflict: ReceiptPage.Conflict? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        guard let receipt = try await services.inventory.receipt(id: id, householdId: user.householdId) else { throw InventoryError.receiptNotFound }
        var items: [InventoryItem] = []
        for itemId in receipt.itemIds {
            if let item = try await services.inventory.item(id: itemId, householdId: user.householdId, includingDeleted: true) { items.append(item) }
        }
        var target: InventoryItem?
        if let linkTo { target = try await services.inventory.item(id: linkTo, householdId: user.householdId) }
        let currency = try await services.inventory.currency(householdId: user.householdId)
        let page = ReceiptPage(layout: services.layout(receipt.vendor ?? "Receipt", .inventory, context, notice: notice), receipt: receipt,
                               form: form ?? ReceiptForm(receipt, currency: currency), items: items, linkTo: target, conflict: conflict,
                               currency: currency, error: error)
        return try services.renderer.render("inventory-receipt", page, status: status)
    }

    private func renderForm(_ form: ReceiptForm, context: HearthRequestContext, currency: String, error: String? = nil) throws -> Response {
        let page = NewReceiptPage(layout: services.layout("New receipt", .inventory, context), form: form,
                                  currencies: SelectOption.currencies(selected: form.currency, household: currency), error: error)
        return try services.renderer.render("inventory-receipt-new", page, status: error == nil ? .ok : .unprocessableContent)
    }
}

import Foundation
import HearthAPI
import HearthCore
import HearthStore
import Hummingbird

/// The item form as a person typed it, through the API: the web page saves its form here (also
/// from its offline outbox), read by the same rules as the form posted without JavaScript.
extension HearthAPIService {
    func saveInventoryItemForm(_ input: Operations.SaveInventoryItemForm.Input) async throws -> Operations.SaveInventoryItemForm.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let id = try Self.uuid(input.path.id)
        let details: ItemDetails, form = InventoryItemForm(body)
        do {
            details = try form.details(defaultCurrency: try await services.inventory.currency(householdId: user.householdId))
        } catch let problem as InventoryItemForm.Problem {
            throw HTTPError(.unprocessableContent, message: problem.message)
        }
        do {
            let item = try await services.inventory.updateItem(id: id, householdId: user.householdId, changedAt: body.changedAt) { form.apply(details, to: &$0) }
            await services.events.publishInventoryChange("itemUpdated", itemId: id, by: user)
            return .ok(.init(body: .json(.init(item, valuation: try await services.valuation(for: user)))))
        } catch InventoryError.itemNotFound {
            let result: (item: InventoryItem, created: Bool)
            do {
                result = try await services.inventory.createItem(id: id, householdId: user.householdId, details, changedAt: body.changedAt)
            } catch InventoryError.idConflict {
                throw InventoryError.itemNotFound // another household's item: no such item here, and no hint that it exists
            }
            if result.created { await services.events.publishInventoryChange("itemCreated", itemId: id, by: user) }
            let document = Components.Schemas.InventoryItem(result.item, valuation: try await services.valuation(for: user))
            return result.created ? .created(.init(body: .json(document))) : .ok(.init(body: .json(document)))
        }
    }
}

extension InventoryItemForm {
    init(_ body: Components.Schemas.InventoryItemForm) {
        self.init()
        name = body.name
        description = body.description
        room = body.room
        category = body.category
        quantity = body.quantity
        brand = body.brand
        model = body.model
        serialNumber = body.serialNumber
        barcode = body.barcode
        purchaseDate = body.purchaseDate
        purchasePlace = body.purchasePlace
        purchasePrice = body.purchasePrice
        purchaseCurrency = body.purchaseCurrency
        replacementValue = body.replacementValue
        replacementCurrency = body.replacementCurrency
        condition = body.condition
        warrantyUntil = body.warrantyUntil
        warrantyMonths = body.warrantyMonths
        tags = body.tags
        notes = body.notes
        depreciation = body.depreciation
        usefulLife = body.usefulLife
        depreciationFloor = body.depreciationFloor
        status = body.status
    }
}

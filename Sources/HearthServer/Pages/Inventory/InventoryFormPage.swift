import Foundation
import HearthCore

/// An option of a `<select>`, with whether it is chosen.
struct SelectOption: Sendable {
    let value: String
    let title: String
    let selected: Bool

    static func list(_ options: [(value: String, title: String)], selected: String?) -> [SelectOption] {
        options.map { SelectOption(value: $0.value, title: $0.title, selected: $0.value == selected) }
    }

    static func groups(_ groups: [InventoryGroup], selected: String?) -> [SelectOption] {
        list(groups.map { ($0.id.text, [$0.icon, $0.name].compactMap { $0 }.joined(separator: " ")) }, selected: selected)
    }

    static func conditions(selected: String?) -> [SelectOption] {
        list(ItemCondition.allCases.map { ($0.rawValue, $0.title) }, selected: selected)
    }

    /// The household's currency first, then the common ones, then every other code.
    static func currencies(selected: String?, household: String) -> [SelectOption] {
        let common = ["USD", "EUR", "GBP", "CHF", "CAD", "AUD", "JPY", "SEK", "NOK", "DKK", "PLN", "CZK", "NZD", "INR"]
        let order = [household] + common.filter { $0 != household } + Currency.codes.filter { $0 != household && !common.contains($0) }
        return list(order.map { ($0, $0) }, selected: selected ?? household)
    }
}

/// The form to add or edit an item: photos first (a new item), then what makes an item documented
/// (name, value, room, category), then "More details" folded.
struct InventoryFormPage: Sendable {
    /// The fields shown outside "More details".
    static let essentialFields: Set<String> = ["name", "purchase_price", "purchase_currency", "room", "category"]

    let layout: Layout
    /// Where the form posts to.
    let action: String
    let heading: String
    let submit: String
    /// The page to go back to.
    let back: String
    let form: InventoryItemForm
    let rooms: [SelectOption]
    let categories: [SelectOption]
    /// No room (or category) chosen: its "No room" chip is the checked one.
    let noRoom: Bool
    let noCategory: Bool
    /// "More details" starts open when the error is about a field in it.
    let moreOpen: Bool
    let conditions: [SelectOption]
    /// Sold or archived (owned is the empty option).
    let statuses: [SelectOption]
    let purchaseCurrencies: [SelectOption]
    let replacementCurrencies: [SelectOption]
    /// As its category, its own, or none.
    let depreciationChoices: [SelectOption]
    let error: String?
    /// The field the error is about, to mark it.
    let errorField: String?
    let isNew: Bool
    /// The largest photo the server takes, for the form to say before it sends one.
    let maxUploadMB: Int

    init(layout: Layout, action: String, heading: String, submit: String, back: String, form: InventoryItemForm,
         rooms: [InventoryGroup], categories: [InventoryGroup], currency: String, error: String? = nil, errorField: String? = nil,
         isNew: Bool, maxUploadMB: Int) {
        self.layout = layout
        self.action = action
        self.heading = heading
        self.submit = submit
        self.back = back
        self.form = form
        self.rooms = SelectOption.groups(rooms, selected: form.room)
        self.categories = SelectOption.groups(categories, selected: form.category)
        noRoom = !self.rooms.contains(where: \.selected)
        noCategory = !self.categories.contains(where: \.selected)
        moreOpen = errorField.map { !Self.essentialFields.contains($0) } ?? false
        self.conditions = SelectOption.conditions(selected: form.condition)
        self.statuses = SelectOption.list(ItemDisposition.allCases.map { ($0.rawValue, $0.title) }, selected: form.status)
        self.purchaseCurrencies = SelectOption.currencies(selected: form.purchaseCurrency, household: currency)
        self.replacementCurrencies = SelectOption.currencies(selected: form.replacementCurrency, household: currency)
        self.depreciationChoices = SelectOption.list([("", "As its category"), ("own", "Its own useful life"), ("none", "Keeps its value")],
                                                     selected: form.depreciation ?? "")
        self.error = error
        self.errorField = errorField
        self.isNew = isNew
        self.maxUploadMB = maxUploadMB
    }
}

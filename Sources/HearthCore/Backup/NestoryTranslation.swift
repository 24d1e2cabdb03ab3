import Foundation

/// Turns a Nestory Pro backup's parts into a ``HouseholdBackup``'s, so that the same restore (its
/// preview, merge and replace, and the seed's reconciliation rules) takes both:
///
/// - Nestory's built-in categories and rooms become Hearth's defaults of the same meaning
///   ("Jewelry" is "Jewelry & watches"); custom ones are created. SF Symbols become the nearest
///   emoji; category colours are kept.
/// - Amounts become minor units with the currency's ISO 4217 exponent, from the JSON's digits.
/// - Dates (stored by the app as an instant at the day's start) become the day they fall on in the
///   time zone of the person restoring.
/// - An item's photo file names become a count of missing photos: the files are not in the format.
/// - Receipts are linked to the items that name them and to their `linkedItemId`; they were
///   reviewed in the app, so they arrive confirmed.
public struct NestoryTranslation: Sendable {
    public let outline: HouseholdBackup
    /// What the person restoring should know before anything is written (icons without a match).
    public let notes: [String]
    let timeZone: TimeZone
    /// The currency most items have: the household's after a replacing restore, and a receipt's
    /// when none of its items has one.
    let mainCurrency: String
    /// Each receipt's items, by the items' `receiptIds`.
    let receiptItems: [UUID: [UUID]]
    /// The currency of each item whose currency is not the main one: a receipt's is its first item's.
    let itemCurrencies: [UUID: String]
    /// Nestory's names of built-in categories and rooms (by ``InventoryRules/key(_:)``) and Hearth's.
    let categoryNames: [String: String]
    let roomNames: [String: String]

    /// Nestory's built-in categories and rooms whose Hearth default has another name.
    static let defaultCategoryNames = ["jewelry": "Jewelry & watches", "art & decor": "Art & collectibles", "sports & outdoor": "Sports & outdoors"]
    static let defaultRoomNames = ["outdoor": "Garden"]

    /// `receiptImages`: how many receipts had an image the backup does not carry.
    public init(outline nestory: NestoryBackup.Outline, links: [NestoryBackup.ItemLinks], receiptImages: Int = 0, timeZone: TimeZone) throws(BackupError) {
        self.timeZone = timeZone
        var currencies: [String: Int] = [:], receiptItems: [UUID: [UUID]] = [:]
        for item in links {
            if let currency = item.currencyCode?.uppercased() { currencies[currency, default: 0] += 1 }
            for receipt in item.receiptIds ?? [] { receiptItems[receipt, default: []].append(item.id) }
        }
        let mainCurrency = currencies.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "USD"
        self.mainCurrency = mainCurrency
        self.receiptItems = receiptItems
        var itemCurrencies: [UUID: String] = [:]
        for item in links {
            if let currency = item.currencyCode?.uppercased(), currency != mainCurrency { itemCurrencies[item.id] = currency }
        }
        self.itemCurrencies = itemCurrencies

        var unmatched: [String] = [], categoryNames: [String: String] = [:], roomNames: [String: String] = [:]
        func icon(_ symbol: String?) -> String? {
            guard let symbol, !symbol.isEmpty else { return nil }
            if let emoji = SFSymbolIcons.emoji(symbol) { return emoji }
            if !unmatched.contains(symbol) { unmatched.append(symbol) }
            return nil
        }
        var categories: [HouseholdBackup.Group] = []
        for category in nestory.categories ?? [] {
            var name = category.name
            if category.isCustom != true, let hearth = Self.defaultCategoryNames[InventoryRules.key(name)] {
                categoryNames[InventoryRules.key(name)] = hearth
                name = hearth
            }
            var group = HouseholdBackup.Group(id: category.id, name: name, icon: icon(category.iconName), position: category.sortOrder ?? 0,
                                              isDefault: false)
            group.color = try Self.color(category.colorHex, of: category.name)
            categories.append(group)
        }
        var rooms: [HouseholdBackup.Group] = []
        for room in nestory.rooms ?? [] {
            var name = room.name
            if room.isDefault == true, let hearth = Self.defaultRoomNames[InventoryRules.key(name)] {
                roomNames[InventoryRules.key(name)] = hearth
                name = hearth
            }
            rooms.append(HouseholdBackup.Group(id: room.id, name: name, icon: icon(room.iconName), position: room.sortOrder ?? 0, isDefault: false))
        }
        self.categoryNames = categoryNames
        self.roomNames = roomNames
        var notes: [String] = []
        if !unmatched.isEmpty {
            notes.append("Hearth has no icon like the SF Symbol\(unmatched.count == 1 ? "" : "s") \(unmatched.map { "“\($0)”" }.joined(separator: ", ")); "
                + "\(unmatched.count == 1 ? "that room or category has" : "those rooms and categories have") no icon (choose one under Organize).")
        }
        if receiptImages > 0 {
            notes.append("\(receiptImages == 1 ? "1 receipt comes without its image" : "\(receiptImages) receipts come without their images") "
                + "(a Nestory Pro backup carries no images); shop, date, amounts and text are kept.")
        }
        self.notes = notes
        outline = HouseholdBackup(appVersion: "Nestory Pro \(nestory.appVersion)", exportDate: nestory.exportDate,
                                  household: .init(name: "", currency: mainCurrency), rooms: rooms, categories: categories)
    }

    /// A batch of items; the first is number `first` (from 0) of the backup's, for messages.
    public func items(_ batch: [NestoryBackup.Item], first: Int) throws(BackupError) -> [HouseholdBackup.Item] {
        var items: [HouseholdBackup.Item] = []
        for (offset, nestory) in batch.enumerated() {
            let line = first + offset + 1
            func refuse(_ reason: String) -> BackupError { .invalidRecord("item \(line) “\(nestory.name)”: \(reason)") }
            let currency = nestory.currencyCode?.uppercased() ?? mainCurrency
            var condition: ItemCondition?
            if let raw = nestory.condition {
                guard let known = Self.conditions[raw.lowercased()] else {
                    throw refuse("the condition “\(raw)” is not one of New, Like New, Good, Fair, Poor")
                }
                condition = known
            }
            let notes = [nestory.notes, nestory.conditionNotes.map { "Condition: \($0)" }].compactMap { $0 }.filter { !$0.isEmpty }
            var item = HouseholdBackup.Item(id: nestory.id, name: nestory.name, createdAt: nestory.createdAt ?? outline.exportDate,
                                            updatedAt: nestory.updatedAt ?? nestory.createdAt ?? outline.exportDate)
            item.roomName = nestory.roomName.map { roomNames[InventoryRules.key($0)] ?? $0 }
            item.categoryName = nestory.categoryName.map { categoryNames[InventoryRules.key($0)] ?? $0 }
            item.brand = nestory.brand
            item.model = nestory.modelNumber
            item.serialNumber = nestory.serialNumber
            item.barcode = nestory.barcode
            item.purchaseDate = nestory.purchaseDate.map { CalendarDate($0, in: timeZone) }
            do { item.purchasePrice = try nestory.purchasePrice.map { value throws(BackupError) in try Self.money(value, currency: currency) } } catch {
                throw refuse("its purchase price: \(error.reason)")
            }
            item.condition = condition
            item.warrantyUntil = nestory.warrantyExpiryDate.map { CalendarDate($0, in: timeZone) }
            item.tags = nestory.tags ?? []
            item.notes = notes.isEmpty ? nil : notes.joined(separator: "\n\n")
            item.missingPhotos = (nestory.photoIdentifiers?.count).flatMap { $0 > 0 ? $0 : nil }
            items.append(item)
        }
        return items
    }

    /// A batch of receipts; the first is number `first` (from 0) of the backup's, for messages.
    public func receipts(_ batch: [NestoryBackup.Receipt], first: Int) throws(BackupError) -> [HouseholdBackup.Receipt] {
        var receipts: [HouseholdBackup.Receipt] = []
        for (offset, nestory) in batch.enumerated() {
            var itemIds = receiptItems[nestory.id] ?? []
            if let linked = nestory.linkedItemId, !itemIds.contains(linked) { itemIds.insert(linked, at: 0) }
            let currency = itemIds.first.flatMap { itemCurrencies[$0] } ?? mainCurrency
            let created = nestory.createdAt ?? outline.exportDate
            var receipt = HouseholdBackup.Receipt(id: nestory.id, status: .confirmed, itemIds: itemIds, createdAt: created, updatedAt: created)
            receipt.vendor = nestory.vendor
            receipt.date = nestory.purchaseDate.map { CalendarDate($0, in: timeZone) }
            do {
                receipt.total = try nestory.total.map { value throws(BackupError) in try Self.money(value, currency: currency) }
                receipt.tax = try nestory.taxAmount.map { value throws(BackupError) in try Self.money(value, currency: currency) }
            } catch {
                throw .invalidRecord("receipt \(first + offset + 1) “\(nestory.vendor ?? "")”: \(error.reason)")
            }
            receipt.text = nestory.rawText
            receipts.append(receipt)
        }
        return receipts
    }

    static let conditions: [String: ItemCondition] = ["new": .new, "like new": .likeNew, "good": .good, "fair": .fair, "poor": .poor]

    /// `value` in minor units of `currency`: 1299.99 USD is 129999, 1500 JPY is 1500, 1.250 KWD is 1250.
    static func money(_ value: Decimal, currency: String) throws(BackupError) -> Money {
        guard let digits = Currency.minorDigits(currency) else { throw .invalidRecord(InventoryError.unknownCurrency(currency).message) }
        guard value >= 0 else { throw .invalidRecord("\(value) is below zero") }
        var scaled = value * pow(Decimal(10), digits), whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        guard whole == scaled else { throw .invalidRecord("\(value) has more decimals than \(currency) has (\(digits))") }
        guard whole <= Decimal(Money.maximumAmount), let amount = Int(whole.description) else { throw .invalidRecord("\(value) is too large") }
        return Money(amount: amount, currency: currency)
    }

    /// A colour as `#RRGGBB`, or nil for none.
    static func color(_ hex: String?, of name: String) throws(BackupError) -> String? {
        guard let hex, !hex.isEmpty else { return nil }
        do { return try InventoryRules.color(hex) } catch { throw .invalidRecord("the category “\(name)”: \(error.message)") }
    }
}

extension BackupError {
    /// The reason of an invalid record, without the sentence around it.
    var reason: String {
        if case .invalidRecord(let reason) = self { reason } else { message }
    }
}

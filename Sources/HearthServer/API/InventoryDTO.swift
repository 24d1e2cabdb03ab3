import Foundation
import HearthAPI
import HearthCore
import HearthStore
import Hummingbird

/// Domain types of the inventory as the API sends them, and the API's input as domain values.
extension Components.Schemas.InventoryItem {
    /// `valuation` gives its actual cash value today.
    init(_ item: InventoryItem, valuation: Valuation, photos: [ItemPhoto]? = nil) {
        let documentation = item.documentation
        self.init(
            id: item.id.text, assetId: item.assetId?.text, name: item.name, description: item.description, roomId: item.roomId?.text,
            categoryId: item.categoryId?.text, quantity: item.quantity, brand: item.brand, model: item.model,
            serialNumber: item.serialNumber, barcode: item.barcode, purchaseDate: item.purchaseDate?.description,
            purchasePlace: item.purchasePlace, purchasePrice: item.purchasePrice.map(Components.Schemas.Money.init),
            replacementValue: item.replacementValue.map(Components.Schemas.Money.init), value: item.value.map(Components.Schemas.Money.init),
            actualCashValue: valuation.actualCashValue(of: item).map(Components.Schemas.Money.init),
            depreciation: item.depreciation.map(Components.Schemas.Depreciation.init),
            condition: item.condition.flatMap { .init(rawValue: $0.rawValue) }, warrantyUntil: item.warrantyUntil?.description,
            tags: item.tags, notes: item.notes, photoCount: item.photoCount, receiptCount: item.receiptCount,
            containerId: item.containerId?.text, disposition: item.disposition.flatMap { .init(rawValue: $0.rawValue) },
            verifiedOn: item.verifiedOn?.description, missingPhotos: item.missingPhotos > 0 ? item.missingPhotos : nil, primaryPhotoId: item.primaryPhotoId?.text,
            thumbnailUrl: item.primaryPhotoId.map { PhotoURL.path(itemId: item.id, photoId: $0, size: .thumb) },
            documentationScore: documentation.score, isDocumented: documentation.isDocumented,
            missing: documentation.missing.compactMap { .init(rawValue: $0.rawValue) },
            photos: photos?.map { .init($0) }, createdAt: item.createdAt, updatedAt: item.updatedAt, deletedAt: item.deletedAt
        )
    }
}

extension Components.Schemas.Money {
    init(_ money: Money) {
        self.init(amount: money.amount, currency: money.currency)
    }

    var domain: Money { Money(amount: amount, currency: currency) }
}

extension Components.Schemas.ItemPhoto {
    init(_ photo: ItemPhoto) {
        self.init(id: photo.id.text, position: photo.position, width: photo.width, height: photo.height,
                  contentType: photo.contentType, byteSize: photo.byteSize, createdAt: photo.createdAt,
                  thumbUrl: PhotoURL.path(itemId: photo.itemId, photoId: photo.id, size: .thumb),
                  mediumUrl: PhotoURL.path(itemId: photo.itemId, photoId: photo.id, size: .medium),
                  originalUrl: PhotoURL.path(itemId: photo.itemId, photoId: photo.id, size: .original), itemId: photo.itemId.text)
    }
}

extension Components.Schemas.InventoryGroup {
    init(_ group: InventoryGroup, itemCount: Int) {
        self.init(id: group.id.text, name: group.name, icon: group.icon, color: group.color, position: group.position, isDefault: group.isDefault,
                  depreciation: group.depreciation.map(Components.Schemas.Depreciation.init), itemCount: itemCount)
    }
}

extension Components.Schemas.Depreciation {
    init(_ rule: Depreciation) {
        self.init(usefulLifeYears: rule.usefulLifeYears, floorPercent: rule.floorPercent)
    }

    var domain: Depreciation { Depreciation(usefulLifeYears: usefulLifeYears, floorPercent: floorPercent) }
}

extension Components.Schemas.GroupTotal {
    init(_ total: GroupTotal) {
        self.init(id: total.group?.id.text, name: total.group?.name, icon: total.group?.icon, color: total.group?.color, itemCount: total.itemCount,
                  totals: total.totals.map(Components.Schemas.Money.init), documentedCount: total.documentedCount, score: total.score)
    }
}

/// Where a photo is served, in the size a page needs.
enum PhotoURL {
    enum Size: String, Sendable, CaseIterable {
        /// Lists and grids: never an original.
        case thumb
        /// The item page.
        case medium
        /// Full resolution. The API serves the stored file as it is; as a JPEG (oriented, without
        /// metadata) only in a claim pack.
        case original

        /// The longest side in pixels; nil for full size.
        var maxSide: Int? {
            switch self {
            case .thumb: 320
            case .medium: 1280
            case .original: nil
            }
        }
    }

    static func path(itemId: UUID, photoId: UUID, size: Size) -> String {
        "/api/v1/inventory/items/\(itemId.text)/photos/\(photoId.text)?size=\(size.rawValue)"
    }
}

/// How a stored file (a photo, a receipt's image, a document) is cached in `size`: its content never
/// changes under its hash, so a browser may keep it for a year; only members see it.
struct StoredFileCaching {
    static let cacheControl = "private, max-age=31536000, immutable"
    let etag: String

    init(sha256: String, size: PhotoURL.Size) {
        etag = "\"\(sha256.prefix(32))-\(size.rawValue)\""
    }

    /// Whether an `If-None-Match` header names this file in this size: the client's copy is current.
    func isCurrent(_ ifNoneMatch: String?) -> Bool {
        ifNoneMatch?.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == etag } ?? false
    }
}

/// Reading the API's inventory input into domain values; a value that is well formed but wrong is a 422 or 400.
enum InventoryInput {
    /// The item list's filters and sort, as the list, the CSV export and the report take them.
    static func itemQuery(
        q: String?, room: String?, category: String?, tag: String?, documented: Bool?, condition: Components.Schemas.ItemCondition?,
        missing: Components.Schemas.DocumentationField?, warrantyEnding: Bool?, barcode: String?, status: String? = nil, sort: String?,
        today: CalendarDate, cursor: String? = nil, limit: Int = ItemQuery.maximumLimit
    ) throws -> ItemQuery {
        ItemQuery(
            text: try text(q, field: "q", maximumLength: 200), room: try group(room, field: "room"), category: try group(category, field: "category"),
            tag: try text(tag, field: "tag", maximumLength: 50), documented: documented, condition: condition.flatMap { ItemCondition(rawValue: $0.rawValue) },
            missing: missing.flatMap { DocumentationField(rawValue: $0.rawValue) },
            warrantyEndsBy: warrantyEnding == true ? today.adding(days: InventorySummary.warrantyHorizonDays) : nil, today: today,
            barcode: try text(barcode, field: "barcode", maximumLength: 200), status: ItemQuery.Status(rawValue: status ?? "owned") ?? .owned,
            sort: ItemQuery.Sort(rawValue: sort ?? "name") ?? .name,
            cursor: cursor, limit: limit
        )
    }

    static func date(_ text: String?, field: String) throws -> CalendarDate? {
        guard let text else { return nil }
        guard let date = CalendarDate(iso: text) else { throw HTTPErrorMessage.badRequest("“\(field)” must be a date written YYYY-MM-DD.") }
        return date
    }

    static func warranty(until: String?, months: Int?) throws -> Warranty? {
        if until != nil && months != nil { throw HTTPError(.unprocessableContent, message: "Send warrantyUntil or warrantyMonths, not both.") }
        if let months { return .months(months) }
        return try date(until, field: "warrantyUntil").map(Warranty.until)
    }

    /// A text of the query (a search, a tag, a barcode): at most `maximumLength` characters, no
    /// control characters, as the document says.
    static func text(_ text: String?, field: String, maximumLength: Int) throws -> String? {
        guard let text else { return nil }
        if text.unicodeScalars.count > maximumLength { throw HTTPErrorMessage.badRequest("“\(field)” must be at most \(maximumLength) characters.") }
        if TextRules.containsControl(text) { throw HTTPErrorMessage.badRequest("“\(field)” must not contain control characters.") }
        return text
    }

    /// A room or category filter: an id or `none`.
    static func group(_ text: String?, field: String) throws -> ItemQuery.GroupFilter? {
        guard let text else { return nil }
        if text == "none" { return .unassigned }
        guard let id = UUID(uuidString: text) else { throw HTTPErrorMessage.badRequest("“\(field)” must be an id or “none”.") }
        return .group(id)
    }
}

extension Components.Schemas.Receipt {
    init(_ receipt: Receipt) {
        let path = "/api/v1/inventory/receipts/\(receipt.id.text)/image"
        self.init(
            id: receipt.id.text, status: .init(rawValue: receipt.status.rawValue) ?? .unreadable, vendor: receipt.vendor,
            date: receipt.date?.description, total: receipt.total.map { .init($0) }, tax: receipt.tax.map { .init($0) }, number: receipt.number,
            lines: receipt.lines.map { .init(description: $0.description, quantity: $0.quantity, amount: $0.amount.map { .init($0) }) },
            proposal: receipt.proposal.map { proposal in
                .init(vendor: proposal.vendor, date: proposal.date?.description, total: proposal.total.map { .init($0) },
                      tax: proposal.tax.map { .init($0) }, number: proposal.number, currency: proposal.currency,
                      lines: proposal.lines.map { .init(description: $0.description, quantity: $0.quantity, amount: $0.amount.map { .init($0) }) },
                      confidence: proposal.confidence.map {
                          .init(vendor: $0.vendor, date: $0.date, total: $0.total, tax: $0.tax, number: $0.number, currency: $0.currency,
                                check: ReceiptConfidence.check)
                      })
            },
            text: receipt.text, imageUrl: receipt.image.map { _ in "\(path)?size=medium" }, thumbUrl: receipt.image.map { _ in "\(path)?size=thumb" },
            itemIds: receipt.itemIds.map(\.text), createdAt: receipt.createdAt, updatedAt: receipt.updatedAt
        )
    }
}

extension Components.Schemas.ReceiptLine {
    var domain: ReceiptLine { ReceiptLine(description: description, quantity: quantity ?? 1, amount: amount?.domain) }
}

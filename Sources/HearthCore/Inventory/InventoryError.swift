/// Why an inventory change was refused. Nothing changes when one is thrown.
public enum InventoryError: Error, Equatable, Sendable {
    /// A text field broke its rule; `field` is how people call it ("The brand …").
    case invalidText(field: String, reason: String)
    case invalidQuantity
    /// An amount of money that is negative, too large or not a number.
    case invalidMoney(field: String)
    case unknownCurrency(String)
    case invalidWarranty
    /// A purchase date before 1900 or after next year: a year mistyped or misread ("11/24/23" as the year 23).
    case implausiblePurchaseDate(CalendarDate)
    case warrantyNeedsPurchaseDate
    case tooManyTags
    case invalidIcon
    case invalidColor(String)
    /// The item named as the one this is kept in is not the household's.
    case containerNotFound
    /// Kept in itself, in an item it holds, or too deep.
    case containerLoop
    case invalidPosition
    case itemNotFound
    /// The item is in Recently deleted; restore it first.
    case itemDeleted
    case groupNotFound(InventoryGroup.Kind)
    case groupNameTaken(InventoryGroup.Kind, String)
    case photoNotFound
    case tooManyPhotos
    case documentNotFound
    case tooManyDocuments
    case receiptNotFound
    /// A receipt line (counted from 0) that the receipt does not have; `count` is how many it has.
    case invalidReceiptLine(count: Int)
    /// Linking a receipt whose fields nobody confirmed yet.
    case receiptNotConfirmed
    /// A selection for a bulk change that is empty or too large.
    case invalidSelection
    /// Labels asked for none or too many items (the message says which).
    case invalidLabels(String)
    /// A useful life or depreciation floor out of range (the message says which).
    case invalidDepreciation(String)
    /// A maintenance task or log entry out of range (the message says which).
    case invalidMaintenance(String)
    case maintenanceNotFound
    /// The id a client chose is already used by something else.
    case idConflict
    /// An edit made before the item's last edit (offline, on another device): the later one stands.
    case changedSince(String)
    /// A paging cursor that this server did not make, or made for another sort.
    case invalidCursor
    /// A search filter that is unknown or has a bad value; the message names it and lists the filters.
    case invalidSearch(String)
    case claimNotFound
    /// A claim without items, or with more than a claim may list.
    case invalidClaimItems
    /// More pieces lost than the item has.
    case claimQuantityTooLarge(name: String, owned: Int)
    /// The claim is frozen: its incident and items stay as they are.
    case claimFrozen
    /// Exports and outcomes need a frozen claim.
    case claimNotFrozen
    /// A paid amount on a line that is not paid, or none on one that is.
    case invalidOutcome

    /// A sentence for the person who caused it.
    public var message: String {
        switch self {
        case .invalidText(let field, let reason): "The \(field) \(reason)."
        case .invalidQuantity: "The quantity must be a whole number from 1 to \(InventoryRules.maximumQuantity)."
        case .invalidMoney(let field): "The \(field) must be an amount from 0 up to a billion, e.g. 899.00."
        case .unknownCurrency(let code): "“\(code)” is not an ISO 4217 currency code such as USD, EUR or GBP."
        case .invalidWarranty: "The warranty must end on a valid date, or run 1 to \(InventoryRules.maximumWarrantyMonths) months."
        case .implausiblePurchaseDate(let date):
            "The purchase date \(date) is not plausible: a purchase date is from 1900 to next year. Check its year."
        case .warrantyNeedsPurchaseDate: "A warranty given in months needs the purchase date; add it, or give the date the warranty ends."
        case .tooManyTags: "An item may have at most \(InventoryRules.maximumTags) tags of up to \(InventoryRules.maximumTagLength) characters."
        case .invalidIcon: "The icon must be a single emoji."
        case .containerNotFound: "The item it is kept in is not one of the household's items."
        case .containerLoop: "An item cannot be kept in itself, in an item it holds, or more than \(InventoryRules.maximumNesting) items deep."
        case .invalidColor(let raw): "The colour “\(raw.prefix(40))” is not a colour; write it like #0A84FF."
        case .invalidPosition: "The position must be between 1 and \(InventoryRules.maximumPosition)."
        case .itemNotFound: "No such item."
        case .itemDeleted: "This item is in Recently deleted; restore it first."
        case .groupNotFound(let kind): "No such \(kind.noun)."
        case .groupNameTaken(let kind, let name): "There is already a \(kind.noun) called “\(name)”."
        case .photoNotFound: "No such photo of this item."
        case .tooManyPhotos: "An item may have at most \(InventoryRules.maximumPhotos) photos."
        case .documentNotFound: "No such document of this item."
        case .tooManyDocuments: "An item may have at most \(DocumentRules.maximumPerItem) documents."
        case .receiptNotFound: "No such receipt."
        case .receiptNotConfirmed: "Confirm the receipt first: check the shop, date and total that were read, then link it to its items."
        case .invalidReceiptLine(let count):
            count == 0 ? "This receipt has no lines; link it without a line to use its total."
                : "This receipt's lines are numbered 0 to \(count - 1); choose one of them, or none to use the line that names the item."
        case .invalidSelection: "Select 1 to \(InventoryRules.maximumSelection) items."
        case .invalidLabels(let message), .invalidDepreciation(let message), .invalidMaintenance(let message): message
        case .maintenanceNotFound: "No such maintenance task or log entry."
        case .idConflict: "This id is already used by something else."
        case .changedSince(let name): "“\(name)” was changed on another device after this edit; that change stands. Open the item to see it, and edit again if need be."
        case .invalidCursor: "The cursor is not one this server gave for this list; start again without it."
        case .invalidSearch(let message): message
        case .claimNotFound: "No such claim."
        case .invalidClaimItems: "Pick 1 to \(InventoryRules.maximumSelection) of the household's items for the claim, each once."
        case .claimQuantityTooLarge(let name, let owned): "“\(name)” has \(owned) pieces; at most \(owned) can be lost."
        case .claimFrozen: "This claim is frozen: its incident and items stay as they were. Start a new claim to change them."
        case .claimNotFrozen: "Freeze the claim first: exports and outcomes are of what was frozen."
        case .invalidOutcome: "A paid line needs the amount paid; other outcomes have none."
        }
    }
}

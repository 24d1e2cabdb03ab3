import Foundation

/// A claim as it was frozen: every listed item with what an adjuster asks about it, the files that
/// document it (named as the claim pack names them), and the gaps in its documentation. Its JSON is
/// what the SHA-256 is taken of.
public struct ClaimSnapshot: Sendable, Equatable, Codable {
    public struct Line: Sendable, Equatable, Codable {
        public var itemId: UUID
        public var name: String
        public var description: String?
        public var brand: String?
        public var model: String?
        public var serialNumber: String?
        public var quantityLost: Int
        public var condition: ItemCondition?
        public var purchaseDate: CalendarDate?
        public var purchasePlace: String?
        public var purchasePrice: Money?
        /// What replacing one piece costs before tax: the replacement value, else the purchase price.
        public var replacementEach: Money?
        public var room: String?
        public var category: String?
        /// Whether a receipt is linked (typed in or photographed).
        public var hasReceipt: Bool
        public var photos: [File]
        /// The receipts' images, for the pack.
        public var receipts: [File]
        /// The item's appraisals, warranties and receipts kept as documents, for the pack (absent in
        /// claims frozen before documents).
        public var documents: [File]? = nil
        /// The insurer's fields the item lacked when the claim was frozen.
        public var missing: [DocumentationField]
        /// How it depreciated when the claim was frozen (its own rule, else its category's); absent
        /// in claims frozen before Hearth estimated actual cash values.
        public var depreciation: Depreciation?

        /// Each piece times the pieces lost.
        public var total: Money? { replacementEach?.times(quantityLost) }

        /// The pieces lost at their actual cash value on the day of the incident; nil without a value,
        /// a rule, or (when it depreciates) a purchase date.
        public func actualCashValue(at incident: CalendarDate) -> Money? {
            guard let total, let depreciation else { return nil }
            return depreciation.actualCashValue(of: total, purchased: purchaseDate, on: incident)
        }

        /// Its depreciation on the day of the incident, in percent.
        public func percentLost(at incident: CalendarDate) -> Int? {
            depreciation?.percentLost(purchased: purchaseDate, on: incident)
        }

        /// Years from the purchase to the incident, to one decimal; nil without a purchase date.
        public func age(at incident: CalendarDate) -> Double? {
            guard let purchaseDate, purchaseDate <= incident else { return nil }
            let days = purchaseDate.days(until: incident)
            return (Double(days) / 365.25 * 10).rounded() / 10
        }
    }

    /// A photo, receipt image or document in the claim pack.
    public struct File: Sendable, Equatable, Codable {
        public var sha256: String
        /// `photos/01-road-bike-1.jpg`: its path in the claim pack.
        public var name: String
        public var contentType: String
    }

    public var claimId: UUID
    public var householdName: String
    public var incident: Incident
    public var frozenAt: Date
    public var lines: [Line]

    /// The claim's totals per currency.
    /// Every photo, receipt and document the pack carries.
    public var files: [File] {
        lines.flatMap { $0.photos + $0.receipts + ($0.documents ?? []) }
    }

    public var totals: [Money] {
        Money.totals(lines.compactMap(\.total))
    }

    /// The actual cash value of the lines that have one, per currency, and how many lines lack one.
    public var actualCashTotals: (totals: [Money], unknown: Int) {
        let values = lines.map { $0.actualCashValue(at: incident.date) }
        return (Money.totals(values.compactMap { $0 }), values.filter { $0 == nil }.count)
    }

    /// The exact bytes the SHA-256 is of: keys sorted, times with fractions of a second.
    public func canonicalJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return try encoder.encode(self)
    }
}

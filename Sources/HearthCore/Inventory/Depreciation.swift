import Foundation

/// How a thing loses value, the way claims adjusters estimate its actual cash value: straight-line
/// over a useful life counted in whole months from the purchase, never below a floor (a share of
/// the replacement value no age takes away). Without a useful life it keeps its value (jewellery,
/// art).
public struct Depreciation: Sendable, Equatable, Hashable, Codable {
    /// Years until it reaches its floor; nil: it does not depreciate.
    public var usefulLifeYears: Int?
    /// The share of the replacement value it keeps however old it is, in percent.
    public var floorPercent: Int

    public init(usefulLifeYears: Int?, floorPercent: Int = Self.defaultFloorPercent) {
        self.usefulLifeYears = usefulLifeYears
        self.floorPercent = floorPercent
    }

    /// Useful lives Hearth accepts, in years.
    public static let usefulLifeRange = 1...100
    /// Most insurers cap depreciation at 80%: an old thing still pays a fifth of a new one.
    public static let defaultFloorPercent = 20
    /// Kept whole: no depreciation (with the usual floor, for when a useful life is set later).
    public static let none = Depreciation(usefulLifeYears: nil)

    /// Checked: a useful life of 1–100 years, a floor of 0–100%.
    public func validated() throws(InventoryError) -> Depreciation {
        if let years = usefulLifeYears, !Self.usefulLifeRange.contains(years) {
            throw .invalidDepreciation("A useful life is 1 to \(Self.usefulLifeRange.upperBound) years.")
        }
        guard (0...100).contains(floorPercent) else { throw .invalidDepreciation("A depreciation floor is 0 to 100 percent.") }
        return self
    }

    /// What a thing worth `replacement` new, bought on `purchased`, is worth on `date`: its actual
    /// cash value. Nil when the age is unknown (no purchase date) and it depreciates.
    public func actualCashValue(of replacement: Money, purchased: CalendarDate?, on date: CalendarDate) -> Money? {
        guard let years = usefulLifeYears else { return replacement }
        guard let purchased else { return nil }
        let lifeMonths = years * 12
        let remaining = max(0, lifeMonths - Self.wholeMonths(from: purchased, to: date))
        let straight = Self.share(replacement.amount, numerator: remaining, denominator: lifeMonths)
        let floor = Self.share(replacement.amount, numerator: floorPercent, denominator: 100)
        return Money(amount: max(straight, floor), currency: replacement.currency)
    }

    /// The depreciation in percent on `date` (0 for a thing that keeps its value); nil without a
    /// purchase date.
    public func percentLost(purchased: CalendarDate?, on date: CalendarDate) -> Int? {
        let hundred = Money(amount: 10_000, currency: "USD")
        return actualCashValue(of: hundred, purchased: purchased, on: date).map { (10_000 - $0.amount) / 100 }
    }

    /// How the estimate is made, for reports and claims.
    public static let method = "Actual cash value: the replacement value less straight-line depreciation over the useful life, "
        + "counted in whole months from the purchase date, never below the floor. Things without a useful life keep their value."

    /// Whole months from one date to a later one (0 when `to` is not later).
    static func wholeMonths(from start: CalendarDate, to end: CalendarDate) -> Int {
        guard start < end else { return 0 }
        var months = (end.year - start.year) * 12 + end.month - start.month
        if let anniversary = start.adding(months: months), anniversary > end { months -= 1 }
        return max(0, months)
    }

    /// `amount × numerator / denominator` (numerator at most denominator), rounded half up, without
    /// overflow for any amount: an item's total may be a billion times a hundred thousand pieces.
    static func share(_ amount: Int, numerator: Int, denominator: Int) -> Int {
        let (whole, rest) = amount.quotientAndRemainder(dividingBy: denominator)
        return whole * numerator + (rest * numerator * 2 + denominator) / (denominator * 2)
    }
}

extension InventoryGroup {
    /// How a new household's categories (and a category of the same name made later) depreciate:
    /// useful lives as adjusters' tables give them. Jewellery, art and anything unnamed keep their value.
    public static func defaultDepreciation(forCategory name: String) -> Depreciation {
        let years: [String: Int] = [
            "electronics": 5, "appliances": 10, "furniture": 12, "clothing": 3, "tools": 10, "sports & outdoors": 7,
            "kitchenware": 8, "books & media": 10, "musical instruments": 15,
        ]
        guard let life = years[InventoryRules.key(name)] else { return .none }
        return Depreciation(usefulLifeYears: life)
    }
}

/// The household's depreciation rules on one day: what its items are worth as an insurer paying
/// actual cash value counts it.
public struct Valuation: Sendable {
    /// Each category's rule.
    public var categoryRules: [UUID: Depreciation]
    public var date: CalendarDate

    public init(categories: [InventoryGroup], date: CalendarDate) {
        categoryRules = Self.rules(of: categories)
        self.date = date
    }

    /// Each category's rule by its id (rooms have none).
    public static func rules(of groups: [InventoryGroup]) -> [UUID: Depreciation] {
        Dictionary(uniqueKeysWithValues: groups.compactMap { group in group.depreciation.map { (group.id, $0) } })
    }

    /// The rule the item follows: its own, else its category's; nil for neither.
    public func rule(for item: InventoryItem) -> Depreciation? {
        item.depreciationRule(category: item.categoryId.flatMap { categoryRules[$0] })
    }

    /// All its pieces' actual cash value on ``date``; nil without a value or a rule, or without a purchase date when it depreciates.
    public func actualCashValue(of item: InventoryItem) -> Money? {
        guard let value = item.value, let rule = rule(for: item) else { return nil }
        return rule.actualCashValue(of: value, purchased: item.purchaseDate, on: date)
    }
}

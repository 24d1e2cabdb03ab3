import Foundation

/// What a quantity's unit measures, so that amounts in different units of one kind can be added:
/// 500 g + 1 kg, 1 l + 500 ml, "2 boxes" + "1 box". Metric and imperial units stay apart (a sum in
/// grams of pounds would read 1133.98 g), and so do different containers (a box is not a can).
struct QuantityUnit: Sendable {
    /// One way of writing the unit, with how many base units it holds.
    struct Spelling: Sendable {
        let singular: String
        let plural: String
        let factor: Decimal
    }

    /// Units of one kind, smallest first; the first spelling of each factor is the one shown
    /// when a sum is written in that unit.
    let spellings: [Spelling]

    static let all: [QuantityUnit] = [
        QuantityUnit(spellings: [
            .init(singular: "mg", plural: "mg", factor: 1),
            .init(singular: "g", plural: "g", factor: 1_000),
            .init(singular: "gram", plural: "grams", factor: 1_000),
            .init(singular: "gramme", plural: "grammes", factor: 1_000),
            .init(singular: "kg", plural: "kg", factor: 1_000_000),
            .init(singular: "kilo", plural: "kilos", factor: 1_000_000),
            .init(singular: "kilogram", plural: "kilograms", factor: 1_000_000),
        ]),
        QuantityUnit(spellings: [
            .init(singular: "ml", plural: "ml", factor: 1),
            .init(singular: "cl", plural: "cl", factor: 10),
            .init(singular: "dl", plural: "dl", factor: 100),
            .init(singular: "l", plural: "l", factor: 1_000),
            .init(singular: "liter", plural: "liters", factor: 1_000),
            .init(singular: "litre", plural: "litres", factor: 1_000),
        ]),
        QuantityUnit(spellings: [
            .init(singular: "oz", plural: "oz", factor: 1),
            .init(singular: "lb", plural: "lbs", factor: 16),
        ]),
    ] + [
        ("box", "boxes"), ("can", "cans"), ("tin", "tins"), ("bottle", "bottles"), ("jar", "jars"),
        ("pack", "packs"), ("packet", "packets"), ("package", "packages"), ("bag", "bags"), ("carton", "cartons"),
        ("tube", "tubes"), ("roll", "rolls"), ("bunch", "bunches"), ("head", "heads"), ("loaf", "loaves"),
        ("slice", "slices"), ("clove", "cloves"), ("sachet", "sachets"), ("tray", "trays"), ("crate", "crates"),
        ("cup", "cups"), ("tub", "tubs"), ("bar", "bars"), ("stick", "sticks"),
    ].map { QuantityUnit(spellings: [.init(singular: $0.0, plural: $0.1, factor: 1)]) } + [
        QuantityUnit(spellings: [
            .init(singular: "pc", plural: "pcs", factor: 1),
            .init(singular: "piece", plural: "pieces", factor: 1),
        ]),
    ]

    /// Names the kind: its first spelling.
    var name: String { spellings[0].singular }

    /// The kind of unit and its spelling for a unit as stored (lowercased), if known.
    static func find(_ unit: String) -> (unit: QuantityUnit, spelling: Spelling)? {
        for kind in all {
            if let spelling = kind.spellings.first(where: { $0.singular == unit || $0.plural == unit }) { return (kind, spelling) }
        }
        return nil
    }

    /// Writes an amount of base units in the largest of the candidate units that gives at least 1
    /// (else the smallest): 1500 g as 1.5 kg, 300 ml as 3 dl when dl was used, 250 g as 250 g.
    func write(base amount: Decimal, candidates: [Spelling]) -> Quantity {
        let ordered = candidates.sorted { $0.factor > $1.factor }
        let chosen = ordered.first { amount / $0.factor >= 1 } ?? ordered.last!
        let value = amount / chosen.factor
        return Quantity(amount: value, unit: value == 1 ? chosen.singular : chosen.plural)
    }

    /// The spelling shown for each factor when a sum may be written in it: the ones the person
    /// used (the last one wins for a factor), and the kind's short steps above the smallest of
    /// them (g to kg, ml to l), so 600 g + 600 g is 1.2 kg while 0.1 l + 0.2 l stays 0.3 l.
    func candidates(using used: [Spelling]) -> [Spelling] {
        let smallest = used.map(\.factor).min() ?? 1
        var byFactor: [Decimal: Spelling] = [:]
        let steps = spellings.filter { [1, 1_000, 1_000_000].contains($0.factor) && $0.singular.count <= 2 }
        for spelling in steps where spelling.factor > smallest && byFactor[spelling.factor] == nil {
            byFactor[spelling.factor] = spelling
        }
        for spelling in used { byFactor[spelling.factor] = spelling }
        return Array(byFactor.values)
    }
}

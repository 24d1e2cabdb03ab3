import Foundation

extension ReceiptReading {
    /// What was paid, the line it was read from, and whether the rest of the receipt bears it out.
    struct FoundTotal {
        let money: Money
        let line: Int
        /// How strongly its line says "total" (``totalRank(_:)``); nil when no total line gave it (it
        /// is what was paid, or subtotal plus tax).
        let rank: Int?
        /// Something else on the receipt agrees: a rounding line above it, a payment, another total
        /// line, subtotal plus tax, or the items' prices added up.
        let borneOut: Bool
    }

    /// What was paid: among the total lines (GRAND TOTAL, "Total à payer" or "Order total" before
    /// TOTAL, Summe or AMOUNT DUE, before BALANCE DUE, which may be what is left after a deposit), the
    /// one the rest of the receipt bears out. A total after a rounding line ("Rounding Adj",
    /// Malaysia's and Switzerland's cash rounding) is the rounded one paid; a total that equals what
    /// was paid (a card payment, or cash less change), that other total lines repeat, that a subtotal
    /// and the tax add up to, or that the items' prices add up to is more likely read right than one
    /// OCR garbled. On a tie the later line wins: the final total stands below the others. Never a
    /// SUBTOTAL, TOTAL SAVINGS, TOTAL ITEMS or TOTAL TAX line, and never zero; with no total line at
    /// all, cash less the change, or the one amount paid. `tax` is the receipt's printed tax (``tax(in:)``).
    static func total(in lines: [ScannedLine], items: [ReceiptLine], tax: Money?) -> FoundTotal? {
        var candidates: [(rank: Int, money: Money, line: Int)] = []
        // A tax summary's table below the totals and payments ("GST Summary / SR 6% 180.00 10.80 /
        // Total: 180.00 10.80") ends in a total of the taxed amounts and their tax, not of the
        // purchase. (A summary heading above them, "Order summary (incl. VAT)", heads the totals.)
        let summary = lines.indices.first { index in
            lines[index].hasAny(["summary", "zusammenfassung"]) && lines[index].hasAny(taxWords)
                && lines[..<index].contains { totalRank($0) != nil || $0.hasAny(paymentWords) }
        } ?? lines.endIndex
        for (index, line) in lines[..<summary].enumerated() {
            guard let rank = totalRank(line) else { continue }
            let amount = line.amounts.isEmpty ? amountAlone(on: lines, at: index + 1) : line.amounts.last?.money
            guard let amount, amount.amount > 0 else { continue }
            candidates.append((rank, amount, index))
        }
        let rounding = lines.lastIndex { $0.hasAny(["rounding", "rounded", "pembundaran"]) || $0.has("round adj") }
        let afterRounding = rounding.flatMap { rounding in candidates.first { $0.line > rounding }?.line }
        let paid = payments(in: lines)
        let sums = sums(in: lines, items: items, tax: tax)
        // What else on the receipt agrees with a candidate, weighed.
        func support(_ candidate: (rank: Int, money: Money, line: Int)) -> Int {
            let repeated = candidates.count { $0.line != candidate.line && $0.money == candidate.money }
            return (candidate.line == afterRounding ? 15 : 0) + (paid.amounts.contains(candidate.money) ? 10 : 0)
                + min(repeated, 2) * 5 + (sums.contains(candidate.money) ? 10 : 0)
        }
        let scored = candidates.map { (candidate: $0, support: support($0)) }
        let best = scored.max { first, second in
            ((3 - first.candidate.rank) * 10 + first.support, first.candidate.line)
                < ((3 - second.candidate.rank) * 10 + second.support, second.candidate.line)
        }
        let fromPayment = paid.total.map { FoundTotal(money: $0.money, line: $0.line, rank: nil, borneOut: false) }
        if let (best, support) = best {
            // A total above the rounding line that nothing bears out (so not what was paid), a few
            // cents from cash less the change: the rounded amount paid stands on a line OCR could not
            // read as a total.
            if let rounding, best.line < rounding, support == 0, let fromPayment, abs(fromPayment.money.amount - best.money.amount) <= 10 {
                return fromPayment
            }
            return FoundTotal(money: best.money, line: best.line, rank: best.rank, borneOut: support > 0)
        }
        // With no total line readable, what was paid is what it cost; with a total line whose amount
        // OCR lost, what subtotal and tax make.
        if let fromPayment { return fromPayment }
        guard lines[..<summary].contains(where: { totalRank($0) != nil && $0.amounts.isEmpty }) else { return nil }
        return taxedSubtotal(in: lines, tax: tax).map { FoundTotal(money: $0.money, line: $0.line, rank: nil, borneOut: false) }
    }

    /// The subtotal before tax plus the tax, with the subtotal's line, when the receipt has both
    /// ("Total (Excluding GST): 4.80", "GST 0.00").
    private static func taxedSubtotal(in lines: [ScannedLine], tax: Money?) -> (money: Money, line: Int)? {
        guard let tax, let index = lines.lastIndex(where: isSubtotal),
              let subtotal = lines[index].amounts.last?.money, subtotal.currency == tax.currency, subtotal.amount > 0
        else { return nil }
        return (Money(amount: subtotal.amount + tax.amount, currency: tax.currency), index)
    }

    /// What the receipt adds up to on its own: each subtotal plus the tax, and the items' prices.
    private static func sums(in lines: [ScannedLine], items: [ReceiptLine], tax: Money?) -> Set<Money> {
        var sums: Set<Money> = []
        let prices = items.compactMap(\.amount)
        if prices.count > 1, prices.count == items.count, let first = prices.first, prices.allSatisfy({ $0.currency == first.currency }) {
            sums.insert(Money(amount: prices.reduce(0) { $0 + $1.amount }, currency: first.currency))
        }
        if let tax, tax.amount > 0 {
            for line in lines where isSubtotal(line) {
                if let subtotal = line.amounts.last?.money, subtotal.currency == tax.currency {
                    sums.insert(Money(amount: subtotal.amount + tax.amount, currency: tax.currency))
                }
            }
        }
        return sums
    }

    /// A SUBTOTAL line with its amount; also "Total Excl GST", the total before the tax.
    static func isSubtotal(_ line: ScannedLine) -> Bool {
        (line.hasAny(["subtotal", "zwischensumme", "excl", "excluding"]) || line.has("sub total") || line.has("sous total"))
            && !line.amounts.isEmpty
    }

    /// Whether two amounts are written with as many digits and differ in exactly one of them.
    private static func oneDigitApart(_ first: Int, _ second: Int) -> Bool {
        let (a, b) = (String(first), String(second))
        return a.count == b.count && zip(a, b).count { $0 != $1 } == 1
    }

    /// What the receipt says was paid: each payment's amount (cash, card, e-wallet) and cash less the
    /// change given; and what they make the purchase cost, with the line that says so: cash less the
    /// change, else the one amount paid.
    static func payments(in lines: [ScannedLine]) -> (amounts: Set<Money>, total: (money: Money, line: Int)?) {
        var paid: Set<Money> = []
        var cash: Money?
        var lastPayment: Int?
        var lessChange: (money: Money, line: Int)?
        for (index, line) in lines.enumerated() {
            guard let amount = line.amounts.last?.money, amount.amount > 0 else { continue }
            if line.hasAny(["change", "kembali", "baki", "ruckgeld", "rueckgeld", "rendu", "cambio"]), let given = cash,
               given.amount > amount.amount {
                let spent = Money(amount: given.amount - amount.amount, currency: amount.currency)
                lessChange = (spent, index)
                paid.insert(spent)
            } else if line.hasAny(paymentWords), totalRank(line) == nil {
                paid.insert(amount)
                lastPayment = index
                if line.hasAny(["cash", "tunai", "bar", "especes", "efectivo", "tendered", "received", "accepted"]) { cash = amount }
            }
        }
        let onlyPayment = paid.count == 1 ? lastPayment.map { (paid.first!, $0) } : nil
        return (paid, lessChange ?? onlyPayment)
    }

    /// Words of a line saying how the purchase was paid.
    static let paymentWords: Set<String> = [
        "cash", "tunai", "bar", "visa", "mastercard", "master", "card", "credit", "debit", "amex", "paid", "payment", "tendered", "bayar",
        "especes", "carte", "karte", "ec", "efectivo", "tarjeta", "received", "accepted",
    ]

    /// How strongly `line` says "this is what was paid" (0 strongest), or nil when it is not a total line.
    static func totalRank(_ line: ScannedLine) -> Int? {
        if strongTotals.contains(where: line.has) || line.hasAny(gluedStrongTotals) { return 0 }
        // "Net Total Rounded (MYR)": the rounded total is what was paid, net or not.
        if line.hasAny(["total", "nettotal"]) && line.hasAny(["rounded", "rounding"]) && !line.hasAny(["adj", "adjustment"]) { return 0 }
        let includesTax = line.hasAny(["incl", "inkl", "including", "inclusive", "inc", "ttc"])
        if line.hasAny(notTotals) || line.has("sub total") || line.has("sous total") || (line.hasAny(taxWords) && !includesTax) {
            return nil
        }
        if line.hasAny(["total", "summe", "gesamt", "totale", "totaal", "suma", "importe", "montant", "jumlah", "nettotal"])
            || line.has("amount due") || (line.hasAny(["amount", "amt", "betrag", "montant"]) && includesTax) {
            return 1
        }
        if line.has("balance due") || line.hasAny(["balance", "betrag"]) { return 2 }
        return nil
    }

    /// Strong totals OCR read without their space ("TOTALAMOUNT 10.30").
    private static let gluedStrongTotals: Set<String> = ["grandtotal", "totalamount", "totaldue", "totalamt"]
    private static let strongTotals = ["grand total", "total due", "total a payer", "net a payer", "order total", "invoice total",
                                       "total to pay", "total ttc", "zu zahlen", "total amount", "amount to pay"]
    private static let notTotals: Set<String> = [
        "subtotal", "zwischensumme", "savings", "saving", "saved", "save", "discount", "discounts", "rabatt", "remise", "items", "item",
        "qty", "quantity", "artikel", "articles", "before", "excl", "excluding", "net", "netto", "ht", "points", "tip", "tips",
        "change", "tendered", "ruckgeld", "rueckgeld", "deposit", "paid", "accepted", "received",
    ]

    /// Sales tax, VAT, MwSt, TVA, GST ...: the tax on the purchase. Several rates add up; a TOTAL TAX
    /// line wins over its parts. On a line with several amounts (rate, net, tax, gross) the tax is
    /// the one between net and gross, else the smallest; a tax heading over a table row ("MwSt Netto
    /// Steuer Brutto") takes the row below it. Tax registration numbers are not taxes.
    static func tax(in lines: [ScannedLine]) -> Money? {
        var parts: [Money] = []
        for (index, line) in lines.enumerated() where isTaxLine(line) {
            var amounts = unlabelledAmounts(line)
            // Under a tax summary's heading the row starts with a tax code ("ZRL (@ 0%) 4.80 0.00").
            let label = line.hasAny(["summary", "code"]) ? 4 : 3
            if line.amounts.isEmpty, lines.indices.contains(index + 1), !lines[index + 1].words.contains(where: { $0.count >= label }) {
                amounts = lines[index + 1].amounts.map(\.money)
            }
            guard let tax = taxAmount(amounts.filter { $0.amount >= 0 }) else { continue }
            if line.hasAny(["total", "summe", "gesamt"]) { return tax }
            if !parts.contains(tax) { parts.append(tax) }
        }
        guard let first = parts.first else { return nil }
        return Money(amount: parts.reduce(0) { $0 + $1.amount }, currency: first.currency)
    }

    static let taxWords: Set<String> = ["tax", "taxes", "vat", "mwst", "tva", "iva", "gst", "hst", "pst", "qst", "ust", "steuer", "btw",
                                        "moms"]

    static func isTaxLine(_ line: ScannedLine) -> Bool {
        guard line.hasAny(taxWords) else { return false }
        let registration: Set<String> = ["reg", "no", "nr", "number", "id", "idnr", "nummer", "registration", "before", "excl",
                                         "excluding", "exclusive", "exempt", "exemption", "zero", "rated"]
        let totalWithTax = line.hasAny(["total", "summe"]) && line.hasAny(["incl", "inkl", "including", "inclusive", "inc", "ttc"])
        return !line.hasAny(registration) && !totalWithTax
    }

    /// The amounts on a tax line that are not labelled as what the tax applies to ("on £23.43",
    /// "Netto 43,62") or as the gross ("Brutto 51,91").
    private static func unlabelledAmounts(_ line: ScannedLine) -> [Money] {
        let labels: Set<String> = ["on", "of", "from", "auf", "sur", "net", "netto", "brutto", "gross", "base", "ht", "ttc"]
        var start = line.text.startIndex
        return line.amounts.compactMap { found in
            let before = words(of: String(line.text[start..<found.range.lowerBound]))
            start = found.range.upperBound
            return labels.contains(before.last ?? "") ? nil : found.money
        }
    }

    /// `tax` checked against the total: nil when it is not below it. Where only tax lines stand between
    /// the SUBTOTAL and the total line, subtotal plus tax make the total, so a tax that cannot be read
    /// there, or that misses by a single digit (an OCR slip, "1.67" for "1.07"), is their difference.
    /// With a fee or a tip between them the printed tax stands, and an unreadable one stays nil.
    static func checkedTax(_ tax: Money?, total: FoundTotal?, in lines: [ScannedLine]) -> Money? {
        guard let total else { return tax }
        if let tax, tax.amount >= total.money.amount { return nil }
        guard let subtotal = subtotal(before: total.line, withOnlyTaxBetween: lines) else { return tax }
        let difference = Money(amount: total.money.amount - subtotal.amount, currency: total.money.currency)
        guard let tax else { return difference }
        return oneDigitApart(difference.amount, tax.amount) ? difference : tax
    }

    /// The SUBTOTAL above line `totalLine` when everything priced or taxed between them is tax.
    private static func subtotal(before totalLine: Int, withOnlyTaxBetween lines: [ScannedLine]) -> Money? {
        guard let subtotalLine = lines[..<totalLine].lastIndex(where: isSubtotal) else { return nil }
        let between = lines[(subtotalLine + 1)..<totalLine]
        guard between.contains(where: isTaxLine), between.allSatisfy({ $0.amounts.isEmpty || isTaxLine($0) }),
              let subtotal = lines[subtotalLine].amounts.last?.money,
              subtotal.amount < lines[totalLine].amounts.last?.money.amount ?? amountAlone(on: lines, at: totalLine + 1)?.amount ?? 0
        else { return nil }
        return subtotal
    }

    /// The tax among the amounts of one tax line.
    private static func taxAmount(_ amounts: [Money]) -> Money? {
        guard amounts.count > 1 else { return amounts.first }
        if amounts.count == 3, amounts[0].amount + amounts[1].amount == amounts[2].amount { return amounts[1] }
        return amounts.min { $0.amount < $1.amount }
    }

    /// The amount on line `index` when that line holds nothing else (a total printed below its label).
    static func amountAlone(on lines: [ScannedLine], at index: Int) -> Money? {
        guard lines.indices.contains(index), lines[index].amounts.count == 1,
              lines[index].words.allSatisfy({ $0.count <= 1 || Currency.isKnown($0.uppercased()) })
        else { return nil }
        return lines[index].amounts[0].money
    }
}

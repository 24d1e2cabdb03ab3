import Foundation

extension ReceiptReading {
    /// The first line at the top that names the shop: not an address, phone number, web address,
    /// date, label ("Cashier", "Sold to", "Receipt #") or a title ("RECEIPT", "Welcome"). "Welcome to X"
    /// names X; "X Order Confirmation" names X. Nil once prices or a table heading begin, since a
    /// shop's name is never printed below them.
    static func vendor(in lines: [ScannedLine]) -> FoundVendor? {
        let top = Array(lines.prefix(10).prefix { $0.amounts.isEmpty })
        if let company = registeredCompany(in: top) { return FoundVendor(name: company.name, lines: company.lines, registered: true) }
        for (index, line) in lines.prefix(8).enumerated() {
            if !line.amounts.isEmpty || (!line.words.isEmpty && line.words.allSatisfy(tableHeadings.contains)) { return nil }
            if let name = shopName(line) { return FoundVendor(name: name, lines: index...index, registered: false) }
        }
        return nil
    }

    /// The first name at the top with a legal form ("THE TOAST F&B SDN BHD (965752-T)", "Dion Realties
    /// Sdn Bhd", "Wohnwerk Keller GmbH", "ACME Ltd."), up to the form: a registered name is the shop's
    /// even below a logo OCR read as letters. A name broken over two lines ("PASAR RAYA MEGA MAJU" /
    /// "(SEMENYIH) SDN BHD") is joined when the line above is in the same capitals.
    static func registeredCompany(in lines: [ScannedLine]) -> (name: String, lines: ClosedRange<Int>)? {
        for (index, line) in lines.enumerated() {
            guard let form = line.text.firstMatch(of: legalForm) ?? line.text.firstMatch(of: capitalLegalForm) else { continue }
            var first = index
            var name = String(line.text[..<form.range.upperBound]).trimmingCharacters(in: .whitespaces)
            let before = line.text[..<form.range.lowerBound]
            let words = ReceiptReading.words(of: String(before)).filter { $0.count >= 3 }
            if before.trimmingCharacters(in: .whitespaces).hasPrefix("(") || words.count < 2, index > 0 {
                let above = lines[index - 1].text
                let letters = above.filter(\.isLetter)
                if letters.count >= 3, letters.allSatisfy(\.isUppercase), above.filter(\.isNumber).count < 3 {
                    name = above + " " + name
                    first = index - 1
                }
            }
            if let name = shopName(ScannedLine(text: name, currency: "USD")) { return (name, first...index) }
        }
        return nil
    }

    private static var legalForm: Regex<Substring> { #/(?i)\b(?:s[do]n\.? ?bhd\.?|bhd\.?|berhad|s\/b|gmbh|ltd\.?|limited|llc|inc\.|incorporated|corp\.|sarl|s\.a\.r\.l\.|s\.a\.|s\.l\.|s\.p\.a\.|s\.r\.l\.|b\.v\.|n\.v\.|pty|plc)(?=[\s),.;:]|$)/# }
    private static var capitalLegalForm: Regex<Substring> { #/\b(?:AG|KG|SA|SL|BV|NV|OHG|UG)(?=[\s),.;:]|$)/# }

    /// The shop's name if `line` can be one, without marks OCR added at its ends.
    private static func shopName(_ line: ScannedLine) -> String? {
        var tokens = line.text.split(separator: " ").map(String.init)
        // Marks OCR reads from the paper's edge or a shadow: "ao Wohnwerk Keller AG", "Little Fern Café Eo".
        let isMark = { (token: String) in token.contains { $0.isLowercase || !$0.isLetter && !$0.isNumber } }
        while tokens.count > 1, let first = tokens.first, first.count <= 2, isMark(first) { tokens.removeFirst() }
        while tokens.count > 1, let last = tokens.last, last.count <= 2, last != "Co", isMark(last) { tokens.removeLast() }
        // A branch's number after the name: "BEST BUY #1184".
        if tokens.count > 1, let last = tokens.last, last.wholeMatch(of: #/#\d{1,6}/#) != nil { tokens.removeLast() }
        // A run of one letter ("ttt", "eee") is paper texture, not a word.
        var words = ReceiptReading.words(of: tokens.joined(separator: " ")).filter { Set($0).count > 1 || $0.count < 3 }
        if let greeting = greetings.first(where: { words.starts(with: $0) }), words.count > greeting.count {
            tokens.removeFirst(min(greeting.count, tokens.count - 1))
            words.removeFirst(greeting.count)
        }
        for title in titles where words.count > title.count && Array(words.suffix(title.count)) == title && tokens.count > title.count {
            tokens.removeLast(title.count)
            words.removeLast(title.count)
        }
        let name = tokens.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " *-=_|:~#!,"))
        let letters = name.filter(\.isLetter).count
        let visible = name.filter { $0 != " " }.count
        guard words.contains(where: { $0.count >= 3 }), letters * 10 >= visible * 6, !words.allSatisfy(titleWords.contains),
              !["welcome", "thank", "thanks", "merci", "danke", "vielen"].contains(words[0]), !labels.contains(words[0]),
              !isContactOrPlace(name, words), dates(in: name, currency: "USD").isEmpty,
              name.firstMatch(of: #/\d{1,2}:\d{2}/#) == nil, number(in: [name]) == nil
        else { return nil }
        return name
    }

    /// An address, a phone number or a web address.
    private static func isContactOrPlace(_ name: String, _ words: [String]) -> Bool {
        let lower = name.lowercased()
        if lower.contains("www") || lower.contains("http") || lower.contains("@") { return true }
        if name.firstMatch(of: #/\d{4}/#) != nil || name.filter(\.isNumber).count >= 7 { return true }
        return name.contains(where: \.isNumber) && words.contains(where: streetWords.contains)
    }

    private static let greetings = [["welcome", "to"], ["welcome", "at"], ["willkommen", "bei"], ["bienvenue", "chez"], ["bienvenue", "a"]]
    private static let titles = [["order", "confirmation"], ["sales", "receipt"], ["tax", "invoice"], ["sales", "invoice"], ["receipt"],
                                 ["invoice"], ["rechnung"], ["quittung"], ["kassenbon"], ["facture"]]
    private static let titleWords: Set<String> = [
        "receipt", "sales", "invoice", "tax", "order", "confirmation", "kassenbon", "kundenbeleg", "quittung", "rechnung", "beleg",
        "ticket", "de", "caisse", "facture", "customer", "merchant", "copy", "duplicate", "original", "welcome", "thank", "you", "bon",
        "store", "cash", "register", "simplified", "vat",
    ]
    private static let labels: Set<String> = [
        "tel", "phone", "fax", "telefon", "cashier", "server", "table", "sold", "bill", "ship", "customer", "kunde", "register",
        "operator", "clerk", "terminal", "term", "till", "kasse", "caisse", "guest", "guests", "host", "associate", "siret", "siren",
    ]
    private static let streetWords: Set<String> = [
        "street", "st", "avenue", "ave", "road", "rd", "blvd", "boulevard", "lane", "ln", "drive", "dr", "way", "suite", "ste",
        "unit", "floor", "highway", "hwy", "parkway", "pkwy", "plaza", "square", "sq", "quay", "strasse", "str", "allee", "weg",
        "platz", "gasse", "ring", "rue", "chemin", "place", "quai", "via", "calle", "po", "box",
    ]
    private static let tableHeadings: Set<String> = [
        "item", "items", "qty", "quantity", "price", "amount", "total", "description", "unit", "each", "art", "artikel", "menge",
        "preis", "betrag", "designation", "prix", "qte", "montant", "no", "sku",
    ]

    /// The value after the first receipt-number label: "Receipt # 0417-2231", "Invoice No. OL-20931",
    /// "TRANS# 88213", "Order #NW-10023455", "Beleg-Nr. 4711", "Ticket n° 001847". Receipt and invoice
    /// numbers win over order numbers, which win over transaction numbers. The value must hold a digit.
    static func number(in lines: [String]) -> String? {
        var best: (rank: Int, value: String)?
        let pattern = #/
            (?i) \b (receipt|rcpt|rec|invoice|inv|beleg|bon|quittung|rechnung|ticket|facture
                     |order|check|chk|transaction|trans|trx|txn|tr) \b
            \s* [-.]? \s* (\# | no\b\.? | nr\b\.? | n° | nº | num(?:ber|mer|ero|éro)?\b\.? | id\b)? \s* [:\#]? \s*
            ([A-Za-z0-9] [A-Za-z0-9\-\/]*)
            /#
        for line in lines {
            for match in line.matches(of: pattern) {
                var value = String(match.3)
                var rest = line[match.range.upperBound...]
                // OCR sometimes puts a space on one side of a dash inside the number: "0417 -2231-0098".
                if let split = rest.prefixMatch(of: #/(?: -|- )([A-Za-z0-9][A-Za-z0-9\-\/]*)/#),
                   split.1.contains(where: \.isNumber) {
                    value += "-" + split.1
                    rest = rest[split.range.upperBound...]
                }
                value = value.trimmingCharacters(in: CharacterSet(charactersIn: "-/"))
                guard value.contains(where: \.isNumber), value.count >= 2, dates(in: value, currency: "USD").isEmpty,
                      !(rest.first.map { ".,".contains($0) } == true && rest.dropFirst().first?.isNumber == true)
                else { continue }
                let label = match.1.lowercased()
                let rank = ["order", "check", "chk"].contains(label) ? 1
                    : ["transaction", "trans", "trx", "txn", "tr"].contains(label) ? 2 : 0
                if rank < (best?.rank ?? Int.max) { best = (rank, value) }
            }
        }
        return best?.value
    }
}

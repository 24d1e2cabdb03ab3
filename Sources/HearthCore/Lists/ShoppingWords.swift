import Foundation

/// Finds a shopping item's category from the words of its name, with a dictionary of common
/// shopping words in English, German, French, Spanish, Italian and Dutch (data files, one per
/// language: `category: word, word, two words`). Case, accents, quantities ("2 l oat milk"), plurals
/// ("Bananen", "pommes") and compounds ("Vollmilch") are handled; a name with no known word is
/// `.other`, never a guess. The words are indexed once, so a name takes microseconds.
public struct ShoppingWords: Sendable {
    public enum Language: String, Sendable, CaseIterable {
        case en, de, fr, es, it, nl

        /// Whether the language names the thing first ("lait d'avoine"), not last ("oat milk").
        var headFirst: Bool { self == .fr || self == .es || self == .it }
    }

    struct Entry: Sendable {
        let category: ShoppingCategory
        /// Every language that lists the word (with whatever category: the first one's counts).
        var languages: Set<Language>
        /// A word that decides the category whatever else the name says ("frozen", "surgelés").
        let decisive: Bool
    }

    /// A line of a dictionary file that cannot be read.
    public struct FileError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Words and phrases (words joined by a space) as written, without accents → their category.
    private let exact: [String: Entry]
    /// The same by their stems, for plurals and case endings.
    private let stemmed: [String: Entry]
    private let longestPhrase: Int

    /// Reads the dictionary files' text by language. The first language to name a word gives its
    /// category. A category written `frozen!` marks words that decide it.
    public init(files: [Language: String]) throws {
        var exact: [String: Entry] = [:], stemmed: [String: Entry] = [:]
        var longest = 1
        func add(_ key: String, _ entry: Entry, to index: inout [String: Entry]) {
            if index[key] == nil { index[key] = entry } else { index[key]?.languages.formUnion(entry.languages) }
        }
        for language in Language.allCases {
            guard let text = files[language] else { continue }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
                if content.isEmpty { continue }
                guard let colon = content.firstIndex(of: ":") else {
                    throw FileError(description: "\(language.rawValue) line \(number + 1): “category: word, word” expected, not “\(content)”")
                }
                let name = content[..<colon].trimmingCharacters(in: .whitespaces)
                let decisive = name.hasSuffix("!")
                guard let category = ShoppingCategory(rawValue: decisive ? String(name.dropLast()) : name) else {
                    throw FileError(description: "\(language.rawValue) line \(number + 1): “\(name)” is not a category")
                }
                let entry = Entry(category: category, languages: [language], decisive: decisive)
                for phrase in content[content.index(after: colon)...].split(separator: ",") {
                    let words = Self.words(in: String(phrase))
                    guard !words.isEmpty else { continue }
                    longest = max(longest, words.count)
                    add(words.joined(separator: " "), entry, to: &exact)
                    add(words.map(Self.stem).joined(separator: " "), entry, to: &stemmed)
                }
            }
        }
        self.exact = exact
        self.stemmed = stemmed
        longestPhrase = longest
    }

    /// The dictionary of `folder`, one `<language>.txt` per language (the server's resources).
    public static func load(from folder: URL) throws -> ShoppingWords {
        var files: [Language: String] = [:]
        for language in Language.allCases {
            files[language] = try String(contentsOf: folder.appendingPathComponent("\(language.rawValue).txt"), encoding: .utf8)
        }
        return try ShoppingWords(files: files)
    }

    /// No words: every name is Other.
    public static let none = try! ShoppingWords(files: [:])

    /// A word or phrase of the name found in the dictionary.
    private struct Found {
        let entry: Entry
        let length: Int
        /// 2: as written, 1: by its stem, 0: as the end of a compound.
        let match: Int
        let position: Int
    }

    /// The category of an item named `name`: a word that decides it ("frozen"), else its head word's
    /// (the thing, not what it is made of: "oat milk", "lait d'avoine"), a known phrase before a
    /// single word, a word as written before its stem before the end of a compound.
    public func category(of name: String) -> ShoppingCategory {
        let words = Self.words(in: name)
        let stems = words.map(Self.stem)
        var found: [Found] = []
        for start in words.indices {
            for length in stride(from: min(longestPhrase, words.count - start), through: 1, by: -1) {
                if let entry = exact[words[start..<(start + length)].joined(separator: " ")] {
                    found.append(Found(entry: entry, length: length, match: 2, position: start))
                } else if let entry = stemmed[stems[start..<(start + length)].joined(separator: " ")] {
                    found.append(Found(entry: entry, length: length, match: 1, position: start))
                }
            }
            if let entry = compoundEnd(of: words[start]) { found.append(Found(entry: entry, length: 1, match: 0, position: start)) }
        }
        let decisive = found.filter(\.entry.decisive)
        let candidates = decisive.isEmpty ? found : decisive
        // The name's language: the one most of its known words belong to; it says where the head is.
        let language = Language.allCases.max { first, second in
            candidates.count { $0.entry.languages.contains(first) } < candidates.count { $0.entry.languages.contains(second) }
        }
        let headFirst = language?.headFirst ?? false
        return candidates.max { first, second in
            [first.length, first.match, headFirst ? -first.position : first.position]
                .lexicographicallyPrecedes([second.length, second.match, headFirst ? -second.position : second.position])
        }?.entry.category ?? .other
    }

    /// The longest known word a compound ends with ("vollmilch" → "milch", "vanilleeis" → "eis"),
    /// leaving 3 letters or more before it.
    private func compoundEnd(of word: String) -> Entry? {
        guard word.count >= 6 else { return nil }
        for offset in 3...(word.count - 3) {
            let end = String(word.dropFirst(offset))
            if let entry = exact[end] ?? stemmed[Self.stem(end)] { return entry }
        }
        return nil
    }

    /// Units and counts that say how much, not what.
    static let measures: Set<String> = [
        "l", "ml", "cl", "dl", "g", "kg", "mg", "lb", "lbs", "oz", "x", "pc", "pcs", "pack", "packs", "st", "stk", "stuck", "pz", "pkg",
    ]

    /// The words of a name, lower case and without accents; numbers and measures left out.
    static func words(in text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
            .replacingOccurrences(of: "ß", with: "ss")
        return folded.split { !$0.isLetter }.map(String.init).filter { !measures.contains($0) }
    }

    /// A light stem, the same for the dictionary and the names: plural and case endings off.
    static func stem(_ word: String) -> String {
        if word.count > 4 && word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        for suffix in ["es", "en", "s", "n", "e", "x"] where word.count > suffix.count + 2 && word.hasSuffix(suffix) {
            return String(word.dropLast(suffix.count))
        }
        return word
    }
}

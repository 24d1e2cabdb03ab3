import Foundation
import Testing
@testable import HearthCore

/// The shopping dictionary: everyday names in six languages land in the category people look for
/// them in (measured on a list of them), and what it does not know is Other.
@Suite struct ShoppingWordsTests {
    static let words = try! ShoppingWords.load(from: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/HearthServer/Resources/shopping-words"))

    struct Case {
        let language: String
        let name: String
        let category: ShoppingCategory
    }

    static let everyday = cases(in: "everyday-shopping.txt")
    static let unseen = cases(in: "everyday-shopping-unseen.txt")

    static func cases(in name: String) -> [Case] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)
        return try! String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let parts = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return Case(language: parts[0], name: parts[1], category: ShoppingCategory(rawValue: parts[2])!)
        }
    }

    @Test(arguments: ShoppingWords.Language.allCases)
    func everydayNamesLandWherePeopleLookForThem(language: ShoppingWords.Language) {
        let cases = Self.everyday.filter { $0.language == language.rawValue }
        let wrong = cases.filter { Self.words.category(of: $0.name) != $0.category }
            .map { "\($0.name) → \(Self.words.category(of: $0.name).rawValue), not \($0.category.rawValue)" }
        let share = Double(cases.count - wrong.count) / Double(cases.count)
        print("shopping words, \(language.rawValue): \(cases.count - wrong.count) of \(cases.count) right \(wrong)")
        #expect(cases.count >= 25)
        #expect(share >= 0.9, "\(wrong)")
    }

    /// Names the dictionary was never tuned on: the figure is reported, the floor is modest.
    @Test func namesItWasNotTunedOnMostlyLandRight() {
        var right = 0
        for language in ShoppingWords.Language.allCases {
            let cases = Self.unseen.filter { $0.language == language.rawValue }
            let wrong = cases.filter { Self.words.category(of: $0.name) != $0.category }
                .map { "\($0.name) → \(Self.words.category(of: $0.name).rawValue)" }
            right += cases.count - wrong.count
            print("shopping words, unseen \(language.rawValue): \(cases.count - wrong.count) of \(cases.count) right \(wrong)")
        }
        #expect(Double(right) >= 0.75 * Double(Self.unseen.count))
    }

    @Test func theThingNotWhatItIsMadeOfNamesTheCategory() {
        #expect(Self.words.category(of: "chocolate milk") == .dairy)
        #expect(Self.words.category(of: "apple pie") == .bakery)
        #expect(Self.words.category(of: "lait d'avoine") == .dairy)
        #expect(Self.words.category(of: "Bananenmilch") == .dairy)
        #expect(Self.words.category(of: "TOMATEN") == .produce)
    }

    @Test func anUnknownNameIsOtherNeverAGuess() {
        #expect(Self.words.category(of: "Birthday card for Grandma") == .other)
        #expect(Self.words.category(of: "xq-42") == .other)
        #expect(Self.words.category(of: "") == .other)
        #expect(Self.words.category(of: "2 kg") == .other)
    }

    @Test func aBrokenDictionaryLineIsAnError() {
        #expect(throws: ShoppingWords.FileError.self) { try ShoppingWords(files: [.en: "fruits and vegetables"]) }
        #expect(throws: ShoppingWords.FileError.self) { try ShoppingWords(files: [.en: "aisle-7: milk"]) }
    }
}

import Foundation
import Testing
@testable import HearthCore

@Suite struct TextRulesTests {
    @Test(arguments: ["mi\u{0}lk", "\u{0}hidden", "tab\there", "line\nbreak", "bell\u{7}", "del\u{7F}", "c1\u{85}"])
    func controlCharactersAreRefusedInNames(name: String) {
        #expect(throws: ListError.invalidName("must not contain control characters")) { try ListRules.name(name) }
        #expect(throws: AccountError.invalidName("must not contain control characters")) { try AccountRules.name(name) }
    }

    @Test func notesMayHaveLineBreaksButNoOtherControlCharacters() throws {
        #expect(try ListRules.note("first line\nsecond\tline") == "first line\nsecond\tline")
        #expect(throws: ListError.invalidNote("must not contain control characters")) { try ListRules.note("a\u{0}b") }
        #expect(try ListRules.note("   ") == nil)
    }

    @Test func lengthIsCountedInCodePointsAsSent() {
        // 200 code points as the API document counts them, even where they form fewer characters.
        let family = "👨‍👩‍👧‍👦" // 7 code points, one character
        #expect(throws: ListError.invalidName("must be at most 200 characters")) {
            try ListRules.name(String(repeating: family, count: 29))
        }
        #expect(throws: ListError.invalidName("must be at most 200 characters")) {
            try ListRules.name(String(repeating: " ", count: 10) + String(repeating: "x", count: 195))
        }
    }

    @Test func aPasswordWithANULIsRefusedBecauseBcryptWouldStopThere() {
        #expect(throws: AccountError.passwordHasControlCharacter) { try AccountRules.password("correct horse\u{0}battery") }
    }

    @Test func emailsWithControlCharactersAreRefused() {
        #expect(throws: AccountError.self) { try AccountRules.email("ada\u{0}@example.org") }
    }

    @Test func focusLabelsFollowTheSameRule() {
        var timer = TimerHarness()
        #expect(throws: FocusError.invalidLabel("must not contain control characters")) {
            try timer.send(.startFocus(label: "Essay\u{0}"))
        }
    }
}

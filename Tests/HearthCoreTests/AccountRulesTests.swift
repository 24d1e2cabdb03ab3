import Foundation
import Testing
@testable import HearthCore

@Suite struct AccountRulesTests {
    @Test func namesAreTrimmedAndBounded() throws {
        #expect(try AccountRules.name("  Ada  ") == "Ada")
        #expect(throws: AccountError.invalidName("must not be empty")) { try AccountRules.name("   ") }
        #expect(throws: AccountError.invalidName("must be at most 100 characters")) { try AccountRules.name(String(repeating: "a", count: 101)) }
    }

    @Test(arguments: ["ada@example.org", "A.D.A+tag@sub.example.co.uk"])
    func validEmailsPass(email: String) throws {
        #expect(try AccountRules.email(" \(email) ") == email)
    }

    @Test(arguments: ["", "ada", "ada@", "@example.org", "ada@example", "ada@@example.org", "ada @example.org", "ada@.org"])
    func invalidEmailsAreRejected(email: String) {
        #expect(throws: AccountError.self) { try AccountRules.email(email) }
    }

    @Test func emailsCompareWithoutCase() {
        #expect(AccountRules.normalizedEmail(" Ada@Example.ORG ") == "ada@example.org")
    }

    @Test func passwordsNeedTenCharactersAndFitBcrypt() throws {
        #expect(throws: AccountError.passwordTooShort(minimum: 10)) { try AccountRules.password("123456789") }
        try AccountRules.password("1234567890")
        #expect(throws: AccountError.passwordTooLong(maximumBytes: 72)) { try AccountRules.password(String(repeating: "é", count: 37)) }
    }

    @Test func timeZonesMustBeKnown() throws {
        #expect(try AccountRules.timeZone("Europe/Berlin") == "Europe/Berlin")
        #expect(throws: AccountError.invalidTimeZone("Mars/Olympus")) { try AccountRules.timeZone("Mars/Olympus") }
    }

    @Test func tokenNameErrorsNameTheToken() {
        #expect(throws: AccountError.invalidTokenName("must not be empty")) { try AccountRules.tokenName("") }
    }

    @Test func tooManyAttemptsRoundsUpToMinutes() {
        #expect(AccountError.tooManyAttempts(retryAfterSeconds: 61).message == "Too many sign-in attempts. Try again in 2 minutes.")
        #expect(AccountError.tooManyAttempts(retryAfterSeconds: 1).message == "Too many sign-in attempts. Try again in 1 minutes.")
    }
}

@Suite struct InviteTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let household = UUID()

    func invite(usedAt: Date? = nil) -> Invite {
        Invite(id: UUID(), householdId: household, createdBy: UUID(), createdAt: start,
               expiresAt: start + Invite.lifetime, usedAt: usedAt)
    }

    @Test func aFreshInviteCanBeUsedByAnotherHousehold() {
        #expect(invite().problem(forMemberOf: UUID(), at: start + 3600) == nil)
    }

    @Test func anInviteExpiresAfterSevenDays() {
        #expect(invite().problem(forMemberOf: UUID(), at: start + 7 * 24 * 3600 - 1) == nil)
        #expect(invite().problem(forMemberOf: UUID(), at: start + 7 * 24 * 3600) == .inviteExpired)
    }

    @Test func aUsedInviteSaysSoEvenBeforeItExpires() {
        #expect(invite(usedAt: start + 60).problem(forMemberOf: UUID(), at: start + 120) == .inviteUsed)
    }

    @Test func membersCannotJoinTheirOwnHousehold() {
        #expect(invite().problem(forMemberOf: household, at: start) == .alreadyMember)
    }
}

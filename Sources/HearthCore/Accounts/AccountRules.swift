import Foundation

/// Validation of what people type when they register or edit their profile.
public enum AccountRules {
    public static let minimumPasswordLength = 10
    /// bcrypt reads only the first 72 bytes; longer passwords would be silently truncated.
    public static let maximumPasswordBytes = 72
    public static let maximumNameLength = 100
    public static let maximumEmailLength = 254

    /// Trims and checks a display name (also used for token and household names).
    public static func name(_ raw: String) throws(AccountError) -> String {
        do { return try TextRules.line(raw, maximumLength: maximumNameLength) } catch { throw .invalidName(error.reason) }
    }

    /// Trims and checks an email address. The result keeps the person's spelling;
    /// use ``normalizedEmail(_:)`` for comparisons.
    public static func email(_ raw: String) throws(AccountError) -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.unicodeScalars.count <= maximumEmailLength, parts.count == 2, !parts[0].isEmpty,
              parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.contains(where: { $0.isWhitespace }), !TextRules.containsControl(email)
        else { throw .invalidEmail(email) }
        return email
    }

    /// The form of an email used for uniqueness: emails are case-insensitive.
    public static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Checks a new password's length, and that bcrypt reads all of it: it stops at a NUL, so
    /// "secret\0anything" would be the same password as "secret".
    public static func password(_ password: String) throws(AccountError) {
        if password.unicodeScalars.count < minimumPasswordLength { throw .passwordTooShort(minimum: minimumPasswordLength) }
        if password.utf8.count > maximumPasswordBytes { throw .passwordTooLong(maximumBytes: maximumPasswordBytes) }
        if TextRules.containsControl(password) { throw .passwordHasControlCharacter }
    }

    /// The time zone of an account that never said where it is.
    public static let defaultTimeZone = "UTC"

    /// Checks an IANA time zone identifier.
    public static func timeZone(_ identifier: String) throws(AccountError) -> String {
        guard identifier.utf8.count <= 64, TimeZone(identifier: identifier) != nil else { throw .invalidTimeZone(identifier) }
        return identifier
    }

    /// Zones that name no place, only UTC: what servers and containers usually report.
    public static func isUniversal(_ identifier: String) -> Bool {
        identifier.hasPrefix("Etc/") || ["UTC", "GMT", "UCT", "Universal", "Zulu", "Greenwich", "GMT0", "GMT+0", "GMT-0"].contains(identifier)
    }

    /// A device's time zone as sent by a browser or the CLI, if this server knows it (the
    /// device's zone data may be newer); nil otherwise, so an unknown zone never blocks signing in.
    public static func deviceTimeZone(_ identifier: String?) -> String? {
        guard let identifier, !identifier.isEmpty else { return nil }
        return try? timeZone(identifier)
    }

    /// Trims and checks the name of an API token.
    public static func tokenName(_ raw: String) throws(AccountError) -> String {
        do { return try name(raw) } catch {
            if case .invalidName(let reason) = error { throw .invalidTokenName(reason) }
            throw error
        }
    }
}

import Foundation

/// Validation of what people type when they register or edit their profile.
public enum AccountRules {
    public static let minimumPasswordLength = 10
    /// bcrypt reads only the first 72 bytes; longer passwords would be silently truncated.
    public static let maximumPasswordBytes = 72
    public static let maximumNameLength = 100

    /// Trims and checks a display name (also used for token and household names).
    public static func name(_ raw: String) throws(AccountError) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty { throw .invalidName("must not be empty") }
        if name.count > maximumNameLength { throw .invalidName("must be at most \(maximumNameLength) characters") }
        return name
    }

    /// Trims and checks an email address. The result keeps the person's spelling;
    /// use ``normalizedEmail(_:)`` for comparisons.
    public static func email(_ raw: String) throws(AccountError) -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.count <= 254, parts.count == 2, !parts[0].isEmpty,
              parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.contains(where: { $0.isWhitespace })
        else { throw .invalidEmail(email) }
        return email
    }

    /// The form of an email used for uniqueness: emails are case-insensitive.
    public static func normalizedEmail(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Checks a new password's length.
    public static func password(_ password: String) throws(AccountError) {
        if password.count < minimumPasswordLength { throw .passwordTooShort(minimum: minimumPasswordLength) }
        if password.utf8.count > maximumPasswordBytes { throw .passwordTooLong(maximumBytes: maximumPasswordBytes) }
    }

    /// Checks an IANA time zone identifier.
    public static func timeZone(_ identifier: String) throws(AccountError) -> String {
        guard TimeZone(identifier: identifier) != nil else { throw .invalidTimeZone(identifier) }
        return identifier
    }

    /// Trims and checks the name of an API token.
    public static func tokenName(_ raw: String) throws(AccountError) -> String {
        do { return try name(raw) } catch {
            if case .invalidName(let reason) = error { throw .invalidTokenName(reason) }
            throw error
        }
    }
}

import Foundation
import JWTKit

/// The claims of an OpenID Connect ID token Hearth reads. jwt-kit checks its signature and its
/// audience; ``IdentityProvider/verify(_:nonce:)`` checks the rest against the server's clock.
struct IDToken: JWTIdentityToken, Equatable {
    var issuer: String
    var subject: String
    var audience: AudienceClaim
    var expires: Date
    var issuedAt: Date?
    /// When the person last signed in at the provider (`auth_time`).
    var authTime: Date?
    var nonce: String?
    var email: String?
    /// Some providers send `"true"` as a string; anything but true (or "true") is unverified.
    var emailVerified: Bool
    var name: String?
    var preferredUsername: String?
    /// Every claim that is a list of strings, or one string, by name: the groups claim is one of
    /// them, under the name the provider uses (``OpenIDSettings/groupsClaim``).
    var lists: [String: [String]]

    func groups(claim: String) -> [String] { lists[claim] ?? [] }

    /// The signature and audience are jwt-kit's to check; the times are checked with the server's clock.
    func verify(using _: some JWTAlgorithm) throws {}

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(issuer: String, subject: String, audience: [String], expires: Date, issuedAt: Date? = nil, authTime: Date? = nil, nonce: String? = nil,
         email: String? = nil, emailVerified: Bool = false, name: String? = nil, preferredUsername: String? = nil,
         lists: [String: [String]] = [:]) {
        self.issuer = issuer
        self.subject = subject
        self.audience = AudienceClaim(value: audience)
        self.expires = expires
        self.issuedAt = issuedAt
        self.authTime = authTime
        self.nonce = nonce
        self.email = email
        self.emailVerified = emailVerified
        self.name = name
        self.preferredUsername = preferredUsername
        self.lists = lists
    }

    init(from decoder: any Decoder) throws {
        let claims = try decoder.container(keyedBy: Key.self)
        issuer = try claims.decode(String.self, forKey: Key("iss"))
        subject = try claims.decode(String.self, forKey: Key("sub"))
        audience = try claims.decode(AudienceClaim.self, forKey: Key("aud"))
        expires = Date(timeIntervalSince1970: try claims.decode(Double.self, forKey: Key("exp")))
        issuedAt = try claims.decodeIfPresent(Double.self, forKey: Key("iat")).map(Date.init(timeIntervalSince1970:))
        authTime = (try? claims.decodeIfPresent(Double.self, forKey: Key("auth_time"))).flatMap { $0 }.map(Date.init(timeIntervalSince1970:))
        nonce = try? claims.decodeIfPresent(String.self, forKey: Key("nonce"))
        email = try? claims.decodeIfPresent(String.self, forKey: Key("email"))
        emailVerified = (try? claims.decodeIfPresent(Bool.self, forKey: Key("email_verified"))) == true
            || (try? claims.decodeIfPresent(String.self, forKey: Key("email_verified")))?.lowercased() == "true"
        name = try? claims.decodeIfPresent(String.self, forKey: Key("name"))
        preferredUsername = try? claims.decodeIfPresent(String.self, forKey: Key("preferred_username"))
        var lists: [String: [String]] = [:]
        for key in claims.allKeys {
            if let many = try? claims.decode([String].self, forKey: key) {
                lists[key.stringValue] = many
            } else if let one = try? claims.decode(String.self, forKey: key) {
                lists[key.stringValue] = [one]
            }
        }
        self.lists = lists
    }

    func encode(to encoder: any Encoder) throws {
        var claims = encoder.container(keyedBy: Key.self)
        for (name, values) in lists where !["iss", "sub", "aud", "nonce", "email", "name", "preferred_username"].contains(name) {
            try claims.encode(values, forKey: Key(name))
        }
        try claims.encode(issuer, forKey: Key("iss"))
        try claims.encode(subject, forKey: Key("sub"))
        try claims.encode(audience, forKey: Key("aud"))
        try claims.encode(Int(expires.timeIntervalSince1970), forKey: Key("exp"))
        try claims.encodeIfPresent(issuedAt.map { Int($0.timeIntervalSince1970) }, forKey: Key("iat"))
        try claims.encodeIfPresent(authTime.map { Int($0.timeIntervalSince1970) }, forKey: Key("auth_time"))
        try claims.encodeIfPresent(nonce, forKey: Key("nonce"))
        try claims.encodeIfPresent(email, forKey: Key("email"))
        try claims.encode(emailVerified, forKey: Key("email_verified"))
        try claims.encodeIfPresent(name, forKey: Key("name"))
        try claims.encodeIfPresent(preferredUsername, forKey: Key("preferred_username"))
    }
}

import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as every authenticator app makes
/// them from a shared secret: HMAC-SHA-1, 6 digits, 30-second steps. A code is taken one step
/// either side of now (clocks drift, people type slowly), and never twice: the caller keeps the
/// step of the last code used and passes it back.
struct TOTP: Sendable, Equatable {
    static let digits = 6
    static let period: TimeInterval = 30
    /// Steps either side of now in which a code still counts.
    static let window: Int64 = 1
    /// 160 bits, the size RFC 4226 recommends for HMAC-SHA-1.
    static let secretLength = 20

    let secret: [UInt8]

    /// A new random secret.
    static func generate() -> TOTP {
        var generator = SystemRandomNumberGenerator()
        return TOTP(secret: (0..<secretLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The secret as an authenticator app takes it typed in (RFC 4648 base32, no padding).
    var base32Secret: String { Base32.encode(secret) }

    /// The address a QR code carries (Google Authenticator's Key Uri Format, understood by every app).
    func provisioningURL(account: String, issuer: String = "Hearth") -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~@")
        let label = "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        let issuerParameter = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        return "otpauth://totp/\(label)?secret=\(base32Secret)&issuer=\(issuerParameter)&algorithm=SHA1&digits=\(Self.digits)&period=\(Int(Self.period))"
    }

    /// The 30-second step `date` falls in (steps count from 1970).
    static func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / period).rounded(.down))
    }

    func code(at date: Date) -> String {
        code(step: Self.step(at: date))
    }

    /// RFC 4226's HOTP for `step`: the HMAC's dynamically truncated 31 bits, as `digits` decimal digits.
    func code(step: Int64, digits: Int = TOTP.digits) -> String {
        precondition((1...9).contains(digits), "31 bits give at most 9 digits")
        let counter = withUnsafeBytes(of: UInt64(bitPattern: step).bigEndian) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: counter, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let value = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(value % modulus)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// The step of `code` if it is the code of a step within ``window`` of `date` and later than
    /// `lastUsedStep` (a code is good once); nil otherwise. Spaces in the code are ignored.
    func matchingStep(of code: String, at date: Date, after lastUsedStep: Int64?) -> Int64? {
        let typed = code.filter { !$0.isWhitespace }
        guard typed.count == Self.digits, typed.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let now = Self.step(at: date)
        for step in (now - Self.window)...(now + Self.window) where step > (lastUsedStep ?? .min) {
            if SecretToken.constantTimeEquals(self.code(step: step), typed) { return step }
        }
        return nil
    }
}

/// RFC 4648 base32 (A–Z, 2–7) without padding, as authenticator apps write secrets.
enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    static func encode(_ bytes: [UInt8]) -> String {
        var text = "", buffer: UInt32 = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                text.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { text.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return text
    }

    /// Nil for a character outside the alphabet; case, spaces and padding are forgiven.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = [], buffer: UInt32 = 0, bits = 0
        for character in text.uppercased() where !character.isWhitespace && character != "=" {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> UInt32(bits - 8)) & 0xff))
                bits -= 8
            }
        }
        return bytes
    }
}

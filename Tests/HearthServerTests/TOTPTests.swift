import Foundation
import Testing
@testable import HearthServer

@Suite struct TOTPTests {
    /// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890" and its 8-digit codes.
    let rfc = TOTP(secret: Array("12345678901234567890".utf8))

    @Test(arguments: [(59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
                      (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130")])
    func theRFCsTestVectors(seconds: Int, expected: String) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        #expect(rfc.code(step: TOTP.step(at: date), digits: 8) == expected)
        #expect(rfc.code(at: date) == String(expected.suffix(6)))
    }

    @Test func aCodeCountsOneStepEitherSideAndOnlyOnce() {
        let now = Date(timeIntervalSince1970: 1_111_111_111)
        let step = TOTP.step(at: now)
        for offset: Int64 in [-1, 0, 1] {
            #expect(rfc.matchingStep(of: rfc.code(step: step + offset), at: now, after: nil) == step + offset)
        }
        #expect(rfc.matchingStep(of: rfc.code(step: step - 2), at: now, after: nil) == nil)
        #expect(rfc.matchingStep(of: rfc.code(step: step + 2), at: now, after: nil) == nil)
        // Used once: neither it nor an older one counts again.
        #expect(rfc.matchingStep(of: rfc.code(step: step), at: now, after: step) == nil)
        #expect(rfc.matchingStep(of: rfc.code(step: step - 1), at: now, after: step) == nil)
        #expect(rfc.matchingStep(of: rfc.code(step: step + 1), at: now, after: step) == step + 1)
        #expect(rfc.matchingStep(of: "050 471", at: now, after: nil) == step)
        for typed in ["", "12345", "1234567", "abcdef", "٠٥٠٤٧١"] { #expect(rfc.matchingStep(of: typed, at: now, after: nil) == nil) }
    }

    @Test(arguments: [("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI")])
    func base32AsRFC4648WritesIt(plain: String, encoded: String) {
        #expect(Base32.encode(Array(plain.utf8)) == encoded)
        #expect(Base32.decode(encoded) == Array(plain.utf8))
        #expect(Base32.decode(encoded.lowercased() + "==") == Array(plain.utf8))
    }

    @Test func aNewSecretAndItsQRCodeAddress() {
        let totp = TOTP.generate()
        #expect(totp.secret.count == 20 && totp.base32Secret.count == 32)
        #expect(Base32.decode(totp.base32Secret) == totp.secret)
        #expect(Base32.decode("not base32!") == nil)
        #expect(totp.provisioningURL(account: "ada@example.org")
            == "otpauth://totp/Hearth%3Aada@example.org?secret=\(totp.base32Secret)&issuer=Hearth&algorithm=SHA1&digits=6&period=30")
        #expect(TOTP.generate() != totp)
    }
}

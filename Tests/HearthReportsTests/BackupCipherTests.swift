import Crypto
import CryptoExtras
import Foundation
import HearthCore
import Testing
@testable import HearthReports

/// Encrypted backups: what is sealed opens with its passphrase only, and any change to the file
/// (a byte, a chunk moved, cut or added, the header) is refused before anything is written.
@Suite struct BackupCipherTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cipher-tests-\(UUID().uuidString)")
    let passphrase = "correct horse battery staple"

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ data: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// `data` encrypted in chunks of `chunkSize`, and the encrypted file.
    func sealed(_ data: Data, chunkSize: Int = 1000) throws -> URL {
        let encrypted = folder.appendingPathComponent("sealed.enc")
        try BackupCipher.encrypt(try file("plain", data), to: encrypted, passphrase: passphrase, chunkSize: chunkSize, cost: 10)
        return encrypted
    }

    func opened(_ encrypted: URL, passphrase: String? = nil, limit: Int = .max) throws -> Data {
        let out = folder.appendingPathComponent("opened")
        try BackupCipher.decrypt(encrypted, to: out, passphrase: passphrase ?? self.passphrase, limit: limit)
        return try Data(contentsOf: out)
    }

    func randomData(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8.random(in: 0...255) }) }

    @Test(arguments: [0, 1, 999, 1000, 1001, 3000, 3500])
    func whatIsSealedOpensWhole(size: Int) throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = randomData(size)
        let encrypted = try sealed(data)
        #expect(BackupCipher.isEncrypted(encrypted))
        #expect(!BackupCipher.isEncrypted(try file("zip", Data([0x50, 0x4B, 0x03, 0x04]))))
        // Header, then each chunk with its tag; a file of whole chunks ends in an empty one only when it is empty.
        let chunks = max(1, (size + 999) / 1000)
        #expect(try Data(contentsOf: encrypted).count == BackupCipher.headerSize + size + 16 * chunks)
        #expect(try opened(encrypted) == data)
    }

    @Test func whatIsSealedInMemoryOpensFromAFileAndBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = randomData(2_500_000)  // three chunks of 1 MiB
        let sealedInMemory = try BackupCipher.encrypt(data, passphrase: passphrase, cost: 10)
        #expect(try opened(try file("memory.enc", sealedInMemory)) == data)
        #expect(try BackupCipher.decrypt(try Data(contentsOf: try sealed(data, chunkSize: BackupCipher.defaultChunkSize)), passphrase: passphrase) == data)
        #expect(throws: BackupError.wrongPassphrase) { try BackupCipher.decrypt(sealedInMemory, passphrase: "another one entirely") }
        var damaged = sealedInMemory
        damaged[damaged.count - 1] ^= 1
        #expect(throws: BackupError.damagedEncryption(part: 3)) { try BackupCipher.decrypt(damaged, passphrase: passphrase) }
    }

    @Test func theSameBackupSealsDifferentlyEachTime() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = randomData(100)
        let first = try Data(contentsOf: try sealed(data))
        let second = try Data(contentsOf: try sealed(data))
        #expect(first != second)  // a new salt, so a new key
    }

    @Test func aWrongPassphraseIsRefusedAndWritesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let encrypted = try sealed(randomData(2500))
        #expect(throws: BackupError.wrongPassphrase) { try opened(encrypted, passphrase: "correct horse battery stapler") }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("opened").path))
        #expect(throws: BackupError.passphraseNeeded) { try opened(encrypted, passphrase: "") }
    }

    @Test func aPassphraseTypedInAnotherUnicodeFormOpensIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = randomData(10)
        let encrypted = folder.appendingPathComponent("accents.enc")
        try BackupCipher.encrypt(try file("plain", data), to: encrypted, passphrase: "Ma clé à moi, 2026", chunkSize: 1000, cost: 10)
        let decomposed = "Ma clé à moi, 2026".decomposedStringWithCanonicalMapping
        let out = folder.appendingPathComponent("out")
        try BackupCipher.decrypt(encrypted, to: out, passphrase: decomposed)
        #expect(try Data(contentsOf: out) == data)
    }

    @Test func everyFlippedByteIsFound() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: try sealed(randomData(2500)))
        // Each byte of the header, and bytes at the start, middle and end of each chunk.
        let sealedChunk = 1016
        let header = BackupCipher.headerSize
        var offsets = Array(0..<header)
        for chunk in 0..<3 {
            let start = header + chunk * sealedChunk
            offsets += [start, start + 400, min(start + sealedChunk, original.count) - 1]
        }
        for offset in offsets {
            var damaged = original
            damaged[offset] ^= 0x01
            let url = try file("damaged.enc", damaged)
            #expect(throws: BackupError.self, "a flipped byte at \(offset)") { try opened(url) }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("opened").path))
        }
        // A changed chunk is named; a changed header is a damaged or foreign file, never opened.
        var damaged = original
        damaged[header + sealedChunk + 5] ^= 0x80
        #expect(throws: BackupError.damagedEncryption(part: 2)) { try opened(try file("d.enc", damaged)) }
    }

    @Test func aFileCutShortReorderedOrLengthenedIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: try sealed(randomData(2500)))
        let header = BackupCipher.headerSize, sealedChunk = 1016
        let chunks = (0..<3).map { original[(header + $0 * sealedChunk)..<min(header + ($0 + 1) * sealedChunk, original.count)] }
        let head = original.prefix(header)
        let variants: [(String, Data)] = [
            ("cut at a chunk's end", head + chunks[0] + chunks[1]),
            ("cut inside a chunk", original.dropLast(100)),
            ("the last chunk left out", head + chunks[0] + chunks[2]),
            ("two chunks swapped", head + chunks[1] + chunks[0] + chunks[2]),
            ("a chunk repeated", head + chunks[0] + chunks[0] + chunks[1] + chunks[2]),
            ("bytes added at the end", original + Data([0, 0, 0])),
            ("only the header", head),
        ]
        for (what, data) in variants {
            #expect(throws: BackupError.self, "\(what)") { try opened(try file("variant.enc", data)) }
        }
    }

    @Test func aHostileHeaderIsRefusedBeforeAnyWork() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var data = try Data(contentsOf: try sealed(randomData(10)))
        data[10] = 40  // scrypt with N = 2^40 would take terabytes
        #expect(throws: BackupError.notABackup("its encryption header is damaged.")) { try opened(try file("hostile.enc", data)) }
        #expect(throws: BackupError.self) { try opened(try file("short.enc", Data("HEARTHEN".utf8))) }
    }

    @Test func aBackupLargerThanTheLimitOnceOpenedIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let encrypted = try sealed(randomData(3000))
        #expect(throws: BackupError.tooLarge(limitBytes: 2000)) { try opened(encrypted, limit: 2000) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("opened").path))
    }

    /// The format as documented (with scrypt's cost lowered to N = 2^10 for speed, as tests do) (docs/encrypted-backups.md), checked by hand from its parts, so a
    /// change to the code that would break older files shows here.
    @Test func theFormatIsTheDocumentedOne() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = Data("a backup".utf8)
        let bytes = Array(try Data(contentsOf: try sealed(data, chunkSize: 4096)))
        #expect(Array(bytes[0..<8]) == Array("HEARTHEN".utf8))
        #expect(Array(bytes[8..<16]) == [1, 1, 10, 8, 1, 0, 0, 0])
        #expect(Array(bytes[16..<20]) == [0, 0, 0x10, 0])
        let salt = Array(bytes[20..<36])
        let secret = try KDF.Scrypt.deriveKey(from: Array(passphrase.utf8), salt: salt, outputByteCount: 32, rounds: 1 << 10, blockSize: 8, parallelism: 1)
        let chunkKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("hearth backup chunks v1".utf8), outputByteCount: 32)
        let checkKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("hearth backup passphrase check v1".utf8), outputByteCount: 32)
        #expect(Array(bytes[36..<52]) == Array(Array(HMAC<SHA256>.authenticationCode(for: bytes[0..<36], using: checkKey)).prefix(16)))
        let nonce = try AES.GCM.Nonce(data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: bytes[52..<(bytes.count - 16)], tag: bytes.suffix(16))
        #expect(try AES.GCM.open(box, using: chunkKey, authenticating: bytes[0..<52]) == data)
    }
}

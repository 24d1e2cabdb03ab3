import Crypto
import CryptoExtras
import Foundation
import HearthCore

/// Hearth's encrypted backup file: a backup ZIP sealed with a passphrase, for copies kept where
/// others can read them (a WebDAV folder, a cloud drive). The format is documented in
/// `docs/encrypted-backups.md`: a 52-byte header, then the file in chunks of AES-256-GCM, each one
/// sealed on its own (a multi-gigabyte backup never sits in memory), numbered in its nonce and the
/// last one marked, so a chunk taken out, moved or cut off is found like a changed byte.
public enum BackupCipher {
    /// The first bytes of every encrypted backup.
    static let magic = Array("HEARTHEN".utf8)
    static let version: UInt8 = 1
    static let scryptID: UInt8 = 1
    static let headerSize = 52
    static let tagSize = 16
    /// What a file's plaintext is cut into (the last chunk may be shorter, or empty).
    public static let defaultChunkSize = 1 << 20
    /// scrypt's cost as written into new files (N = 2^15, r = 8, p = 1: 32 MiB and about 0.1 s).
    public static let scryptLogN: UInt8 = 15
    static let scryptR: UInt8 = 8, scryptP: UInt8 = 1

    /// The file name an encrypted copy of `name` gets.
    public static func encryptedName(_ name: String) -> String { name + ".enc" }

    /// Whether `file` starts like an encrypted backup.
    public static func isEncrypted(_ file: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: magic.count)).map { Array($0) == magic } ?? false
    }

    /// Writes `source` encrypted with `passphrase` to `destination` (replaced if it exists); on
    /// failure nothing is left at `destination`. `cost` is scrypt's log2 N (lowered only by tests).
    public static func encrypt(_ source: URL, to destination: URL, passphrase: String, chunkSize: Int = defaultChunkSize,
                               cost: UInt8 = scryptLogN) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        try writing(to: destination) { output in
            try encrypt(reading: { try input.read(upToCount: $0) ?? Data() }, writing: { output.write($0) }, passphrase: passphrase,
                        chunkSize: chunkSize, cost: cost)
        }
    }

    /// `data` encrypted with `passphrase`, in memory (for small files such as a gist's).
    public static func encrypt(_ data: Data, passphrase: String, cost: UInt8 = scryptLogN) throws -> Data {
        var output = Data()
        var input = data[...]
        try encrypt(reading: { count in defer { input = input.dropFirst(count) }; return Data(input.prefix(count)) },
                    writing: { output.append($0) }, passphrase: passphrase, chunkSize: defaultChunkSize, cost: cost)
        return output
    }

    /// Writes the backup `source` holds, decrypted with `passphrase`, to `destination`; refuses a
    /// wrong passphrase before it writes anything, and a damaged, cut or reordered file, or one
    /// that decrypts to more than `limit` bytes, leaving nothing at `destination`.
    public static func decrypt(_ source: URL, to destination: URL, passphrase: String, limit: Int = .max) throws {
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        let header = try opening(try input.read(upToCount: headerSize) ?? Data(), passphrase: passphrase)
        try writing(to: destination) { output in
            try decrypt(header, reading: { try input.read(upToCount: $0) ?? Data() }, writing: { output.write($0) }, limit: limit)
        }
    }

    /// `data` decrypted with `passphrase`, in memory, by the rules of ``decrypt(_:to:passphrase:limit:)``.
    public static func decrypt(_ data: Data, passphrase: String, limit: Int = .max) throws -> Data {
        let header = try opening(data.prefix(headerSize), passphrase: passphrase)
        var input = data.dropFirst(headerSize), output = Data()
        try decrypt(header, reading: { count in defer { input = input.dropFirst(count) }; return Data(input.prefix(count)) },
                    writing: { output.append($0) }, limit: limit)
        return output
    }

    private static func encrypt(reading: (Int) throws -> Data, writing: (Data) -> Void, passphrase: String, chunkSize: Int, cost: UInt8) throws {
        guard !passphrase.isEmpty else { throw BackupError.passphraseNeeded }
        guard (1...(1 << 24)).contains(chunkSize), (10...20).contains(cost) else { throw BackupError.invalidRecord("a chunk size of \(chunkSize) bytes") }
        var salt = [UInt8](repeating: 0, count: 16)
        for index in salt.indices { salt[index] = UInt8.random(in: 0...255) }
        let header = Header(logN: cost, r: scryptR, p: scryptP, chunkSize: UInt32(chunkSize), salt: salt)
        let keys = try Keys(passphrase: passphrase, header: header)
        let headerBytes = header.bytes(check: keys.check(header))
        writing(Data(headerBytes))
        var current = try reading(chunkSize)
        var index: UInt64 = 0
        while true {
            let next = try reading(chunkSize)
            let box = try AES.GCM.seal(current, using: keys.chunks, nonce: nonce(index, last: next.isEmpty), authenticating: headerBytes)
            writing(box.ciphertext)
            writing(box.tag)
            if next.isEmpty { break }
            current = next
            index += 1
        }
    }

    /// An encrypted file's header read, and its passphrase checked: what its chunks are opened with.
    private static func opening(_ headerBytes: Data, passphrase: String) throws -> (header: Header, bytes: Data, keys: Keys) {
        guard !passphrase.isEmpty else { throw BackupError.passphraseNeeded }
        let header = try Header(parsing: headerBytes)
        let keys = try Keys(passphrase: passphrase, header: header)
        guard keys.check(header) == Array(headerBytes.suffix(tagSize)) else { throw BackupError.wrongPassphrase }
        return (header, Data(headerBytes), keys)
    }

    private static func decrypt(_ opened: (header: Header, bytes: Data, keys: Keys), reading: (Int) throws -> Data, writing: (Data) -> Void,
                                limit: Int) throws {
        let sealedSize = Int(opened.header.chunkSize) + tagSize
        var current = try reading(sealedSize)
        var index: UInt64 = 0, written = 0
        while true {
            let next = try reading(sealedSize)
            guard current.count >= tagSize else { throw BackupError.damagedEncryption(part: index + 1) }
            let plain: Data
            do {
                let box = try AES.GCM.SealedBox(nonce: nonce(index, last: next.isEmpty), ciphertext: current.dropLast(tagSize),
                                                tag: current.suffix(tagSize))
                plain = try AES.GCM.open(box, using: opened.keys.chunks, authenticating: opened.bytes)
            } catch {
                throw BackupError.damagedEncryption(part: index + 1)
            }
            written += plain.count
            guard written <= limit else { throw BackupError.tooLarge(limitBytes: limit) }
            writing(plain)
            if next.isEmpty { break }
            current = next
            index += 1
        }
    }

    /// Runs `body` with `destination` open for writing, and removes the file if it throws.
    private static func writing(to destination: URL, _ body: (FileHandle) throws -> Void) throws {
        try? FileManager.default.removeItem(at: destination)
        guard FileManager.default.createFile(atPath: destination.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: destination.path])
        }
        do {
            let output = try FileHandle(forWritingTo: destination)
            defer { try? output.close() }
            try body(output)
            try output.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
    }

    /// Chunk `index`'s nonce: its number in the first 11 bytes (big-endian), then 1 for the last
    /// chunk and 0 for the others (the STREAM construction, as age uses it).
    static func nonce(_ index: UInt64, last: Bool) -> AES.GCM.Nonce {
        var bytes = [UInt8](repeating: 0, count: 12)
        for shift in 0..<8 { bytes[10 - shift] = UInt8(truncatingIfNeeded: index >> (8 * UInt64(shift))) }
        bytes[11] = last ? 1 : 0
        return try! AES.GCM.Nonce(data: bytes)  // 12 bytes is always a valid nonce
    }

    /// What the header says: how the key is derived from the passphrase and the chunk size.
    struct Header {
        let logN: UInt8, r: UInt8, p: UInt8
        let chunkSize: UInt32
        let salt: [UInt8]

        init(logN: UInt8, r: UInt8, p: UInt8, chunkSize: UInt32, salt: [UInt8]) {
            (self.logN, self.r, self.p, self.chunkSize, self.salt) = (logN, r, p, chunkSize, salt)
        }

        init(parsing data: Data) throws {
            let bytes = Array(data)
            guard bytes.count == BackupCipher.headerSize, Array(bytes[0..<8]) == BackupCipher.magic else {
                throw BackupError.notABackup("it is not an encrypted Hearth backup.")
            }
            guard bytes[8] == BackupCipher.version, bytes[9] == BackupCipher.scryptID else { throw BackupError.unsupportedFormat(Int(bytes[8])) }
            (logN, r, p) = (bytes[10], bytes[11], bytes[12])
            chunkSize = bytes[16..<20].reduce(0) { $0 << 8 | UInt32($1) }
            salt = Array(bytes[20..<36])
            // Bounds that keep a hostile header from asking for gigabytes of memory or no chunks at all.
            guard (10...20).contains(logN), (1...16).contains(r), (1...4).contains(p), (1...(1 << 24)).contains(chunkSize) else {
                throw BackupError.notABackup("its encryption header is damaged.")
            }
        }

        /// The header's first 36 bytes: what the passphrase check covers.
        var fields: [UInt8] {
            magic + [BackupCipher.version, BackupCipher.scryptID, logN, r, p, 0, 0, 0]
                + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: chunkSize >> $0) } + salt
        }

        func bytes(check: [UInt8]) -> [UInt8] { fields + check }
    }

    /// The keys derived from a passphrase: one seals the chunks, one makes the header's check.
    struct Keys {
        let chunks: SymmetricKey
        private let checking: SymmetricKey

        init(passphrase: String, header: Header) throws {
            let secret = try KDF.Scrypt.deriveKey(
                from: Array(passphrase.precomposedStringWithCanonicalMapping.utf8), salt: header.salt, outputByteCount: 32,
                rounds: 1 << Int(header.logN), blockSize: Int(header.r), parallelism: Int(header.p))
            chunks = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("hearth backup chunks v1".utf8), outputByteCount: 32)
            checking = HKDF<SHA256>.deriveKey(inputKeyMaterial: secret, info: Data("hearth backup passphrase check v1".utf8), outputByteCount: 32)
        }

        /// 16 bytes that tell a wrong passphrase from a damaged file.
        func check(_ header: Header) -> [UInt8] {
            Array(HMAC<SHA256>.authenticationCode(for: header.fields, using: checking)).prefix(BackupCipher.tagSize).map { $0 }
        }
    }
}

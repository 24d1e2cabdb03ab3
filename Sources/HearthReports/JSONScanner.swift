import Foundation
import HearthCore

/// Reads a JSON file a piece at a time, to find where its values are and copy out the ones asked
/// for, without ever holding the whole file: what it keeps is one read buffer and the value being
/// copied, which may not grow past its limit. It checks only what finding values needs (strings,
/// nesting); the values it copies are decoded, and so checked, by `JSONDecoder`.
final class JSONScanner {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var index = 0
    /// Where in the file `buffer` starts, and where reading must stop.
    private var bufferOffset: Int
    private let end: Int
    private static let chunkSize = 1 << 20

    /// A scanner over the bytes of `file` in `range` (the whole file when nil).
    init(_ file: URL, range: Range<Int>? = nil) throws {
        handle = try FileHandle(forReadingFrom: file)
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        bufferOffset = range?.lowerBound ?? 0
        end = min(range?.upperBound ?? size, size)
        try handle.seek(toOffset: UInt64(bufferOffset))
    }

    deinit { try? handle.close() }

    /// Where the next byte is in the file.
    var offset: Int { bufferOffset + index }

    /// The next byte that is not white space, without taking it; nil at the end.
    func peekSignificant() throws -> UInt8? {
        while let byte = try peek() {
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            index += 1
        }
        return nil
    }

    /// Takes a UTF-8 byte-order mark, which some editors write first.
    func skipByteOrderMark() throws {
        guard try peek() == 0xEF else { return }
        for byte: UInt8 in [0xEF, 0xBB, 0xBF] {
            guard try peek() == byte else { throw BackupError.notABackup("it is neither a ZIP archive nor JSON.") }
            index += 1
        }
    }

    /// Takes the next significant byte, which must be `expected`.
    func expect(_ expected: UInt8, _ what: @autoclosure () -> String) throws(BackupError) {
        guard (try? peekSignificant()) == expected else { throw .notABackup(what()) }
        index += 1
    }

    /// Takes `byte` when it is the next significant one.
    func take(_ byte: UInt8) throws -> Bool {
        guard try peekSignificant() == byte else { return false }
        index += 1
        return true
    }

    /// Takes a string (a key) and answers it.
    func string() throws -> String {
        guard try peekSignificant() == UInt8(ascii: "\"") else { throw BackupError.notABackup("a key is not a string.") }
        var bytes: [UInt8] = []
        try scan(capturing: true, into: &bytes, limit: 1 << 20, tooLarge: { .notABackup("a key is over 1 MB.") })
        return (try? JSONDecoder().decode(String.self, from: Data(bytes))) ?? ""
    }

    /// Skips the next value.
    func skipValue() throws {
        var none: [UInt8] = []
        try scan(capturing: false, into: &none, limit: .max, tooLarge: { .notABackup("") })
    }

    /// Appends the next value to `bytes` (white space outside strings left out); throws `tooLarge`
    /// as soon as it has more than `limit` bytes.
    func value(into bytes: inout [UInt8], limit: Int, tooLarge: @autoclosure () -> BackupError) throws {
        try scan(capturing: true, into: &bytes, limit: limit, tooLarge: tooLarge)
    }

    private func scan(capturing: Bool, into bytes: inout [UInt8], limit: Int, tooLarge: () -> BackupError) throws {
        guard let first = try peekSignificant() else { throw BackupError.notABackup("it ends in the middle.") }
        var depth = 0, inString = false, escaped = false, count = 0
        let isScalar = first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"")
        while let byte = try peek() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if isScalar { return }
                    depth -= 1
                case UInt8(ascii: ","):
                    if isScalar { return }
                case 0x20, 0x0A, 0x0D, 0x09:
                    if isScalar { return }
                    index += 1
                    continue
                default: break
                }
            }
            index += 1
            if capturing {
                count += 1
                guard count <= limit else { throw tooLarge() }
                bytes.append(byte)
            }
            if !inString && !isScalar && depth == 0 { return }
        }
        if depth != 0 || inString { throw BackupError.notABackup("it ends in the middle.") }
    }

    private func peek() throws -> UInt8? {
        if index == buffer.count {
            bufferOffset += buffer.count
            index = 0
            buffer = []
            let wanted = min(Self.chunkSize, end - bufferOffset)
            guard wanted > 0, let data = try handle.read(upToCount: wanted), !data.isEmpty else { return nil }
            buffer = [UInt8](data)
        }
        return buffer[index]
    }
}

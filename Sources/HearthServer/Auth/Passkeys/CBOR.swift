import Foundation

/// The CBOR (RFC 8949) that WebAuthn uses: attestation objects and COSE keys. Only what CTAP2's
/// canonical encoding has: definite lengths, integers, byte and text strings, arrays, maps, tags,
/// booleans and null (WebAuthn has no floats). Input is bounded by its length and a nesting depth;
/// anything else is an error, never a crash.
indirect enum CBOR: Hashable, Sendable {
    case unsigned(UInt64)
    /// `-1 - n`, as CBOR stores it.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    case map([CBOR: CBOR])
    case tagged(UInt64, CBOR)
    case bool(Bool)
    case null
    case undefined

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static let deepest = 16

    /// The first item of `bytes` and what follows it.
    static func decode(_ bytes: ArraySlice<UInt8>) throws -> (CBOR, rest: ArraySlice<UInt8>) {
        var reader = Reader(bytes: bytes)
        let item = try reader.item(depth: 0)
        return (item, reader.bytes)
    }

    /// The one item that is all of `bytes`.
    static func decodeWhole(_ bytes: [UInt8]) throws -> CBOR {
        let (item, rest) = try decode(bytes[...])
        guard rest.isEmpty else { throw Malformed(description: "\(rest.count) bytes after the CBOR item") }
        return item
    }

    /// The value of an integer, negative ones included; nil for anything else or out of range.
    var integer: Int64? {
        switch self {
        case .unsigned(let value): value <= UInt64(Int64.max) ? Int64(value) : nil
        case .negative(let value): value <= UInt64(Int64.max) ? -1 - Int64(value) : nil
        default: nil
        }
    }

    /// A map's value for an integer key (COSE's labels), or for a text key (attestation objects).
    subscript(_ key: Int64) -> CBOR? {
        guard case .map(let map) = self else { return nil }
        return map[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    subscript(_ key: String) -> CBOR? {
        guard case .map(let map) = self else { return nil }
        return map[.text(key)]
    }

    private struct Reader {
        var bytes: ArraySlice<UInt8>

        mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
            guard count >= 0, bytes.count >= count else { throw Malformed(description: "the CBOR ends early") }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }

        mutating func argument(_ info: UInt8) throws -> UInt64 {
            switch info {
            case 0..<24: return UInt64(info)
            case 24...27: return try take(1 << Int(info - 24)).reduce(0) { $0 << 8 | UInt64($1) }
            default: throw Malformed(description: "CBOR of indefinite or reserved length")
            }
        }

        mutating func length(_ info: UInt8) throws -> Int {
            let value = try argument(info)
            guard value <= UInt64(bytes.count) else { throw Malformed(description: "a CBOR length beyond its input") }
            return Int(value)
        }

        mutating func item(depth: Int) throws -> CBOR {
            guard depth < CBOR.deepest else { throw Malformed(description: "CBOR nested too deep") }
            let head = try take(1).first!
            let major = head >> 5, info = head & 0x1F
            switch major {
            case 0: return .unsigned(try argument(info))
            case 1: return .negative(try argument(info))
            case 2: return .bytes(Array(try take(try length(info))))
            case 3:
                guard let text = String(validating: try take(try length(info)), as: UTF8.self) else {
                    throw Malformed(description: "CBOR text that is not UTF-8")
                }
                return .text(text)
            case 4: return .array(try (0..<length(info)).map { _ in try item(depth: depth + 1) })
            case 5:
                var map: [CBOR: CBOR] = [:]
                for _ in 0..<(try length(info)) {
                    let key = try item(depth: depth + 1)
                    guard map.updateValue(try item(depth: depth + 1), forKey: key) == nil else {
                        throw Malformed(description: "a CBOR map with a key twice")
                    }
                }
                return .map(map)
            case 6: return .tagged(try argument(info), try item(depth: depth + 1))
            default: return try simple(info)
            }
        }

        mutating func simple(_ info: UInt8) throws -> CBOR {
            switch info {
            case 20: return .bool(false)
            case 21: return .bool(true)
            case 22: return .null
            case 23: return .undefined
            default: throw Malformed(description: "a CBOR simple value \(info) WebAuthn does not use")
            }
        }
    }
}

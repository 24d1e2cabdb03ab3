import Foundation
import HearthCore

/// Writes an `Encodable` value as JSON straight into bytes, in the order its `encode(to:)` writes
/// it: the same JSON as the server's JSONEncoder (``OpenAPIRuntime/Configuration/hearthServer``:
/// dates by ``HearthDateTranscoder``, slashes escaped, absent optionals left out, `1.0` as `1`),
/// without the tree of dictionaries JSONEncoder builds first, which was 39% of a sync page of
/// 1,000 inventory items. Keys come in the order the type encodes them, not sorted.
public enum StreamingJSONEncoder {
    public static func encode(_ value: some Encodable) throws -> [UInt8] {
        let writer = JSONWriter()
        try writer.value(value)
        writer.close(downTo: 0)
        return writer.bytes
    }
}

/// The bytes written so far and the objects and arrays still open, innermost last. A container
/// written to closes what was opened inside it since (an `Encodable` finishes one value before
/// its container goes on).
private final class JSONWriter: Encoder {
    var bytes: [UInt8] = []
    private var open: [(closer: UInt8, empty: Bool)] = []

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init() {
        bytes.reserveCapacity(4096)
    }

    /// Closes the containers opened deeper than `depth`.
    func close(downTo depth: Int) {
        while open.count > depth { bytes.append(open.removeLast().closer) }
    }

    /// Opens an object or array; answers its depth.
    func push(_ opener: UInt8, _ closer: UInt8) -> Int {
        bytes.append(opener)
        open.append((closer, true))
        return open.count
    }

    /// Before an element of the container at `depth`: closes what is open inside it, and a comma.
    func element(at depth: Int) {
        close(downTo: depth)
        if open[depth - 1].empty { open[depth - 1].empty = false } else { bytes.append(UInt8(ascii: ",")) }
    }

    func key(_ key: any CodingKey, at depth: Int) {
        element(at: depth)
        JSONObject.append(string: key.stringValue, escapingSlashes: true, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A value: the kinds JSONEncoder writes itself by their type (compared, which costs far less
    /// than a cast), anything else by its own `encode(to:)`.
    func value<T: Encodable>(_ value: T) throws {
        if T.self == String.self {
            JSONObject.append(string: value as! String, escapingSlashes: true, to: &bytes)
        } else if T.self == Int.self {
            bytes.append(contentsOf: String(value as! Int).utf8)
        } else if T.self == Bool.self {
            bytes.append(contentsOf: value as! Bool ? "true".utf8 : "false".utf8)
        } else if T.self == Date.self {
            JSONObject.append(string: RFC3339.string(from: value as! Date), escapingSlashes: true, to: &bytes)
        } else if T.self == Double.self {
            try number(value as! Double)
        } else if T.self == Float.self {
            try number(Double(value as! Float))
        } else if Self.integers.contains(ObjectIdentifier(T.self)) {
            bytes.append(contentsOf: String(describing: value).utf8)
        } else if T.self == Data.self {
            JSONObject.append(string: (value as! Data).base64EncodedString(), escapingSlashes: true, to: &bytes)
        } else if T.self == URL.self {
            JSONObject.append(string: (value as! URL).absoluteString, escapingSlashes: true, to: &bytes)
        } else if T.self == Decimal.self {
            bytes.append(contentsOf: (value as! Decimal).description.utf8)
        } else {
            let depth = open.count, start = bytes.count
            try value.encode(to: self)
            close(downTo: depth)
            // A value that wrote nothing is an empty object, as JSONEncoder writes it.
            if bytes.count == start { bytes.append(contentsOf: "{}".utf8) }
        }
    }

    /// The integer types other than `Int`.
    private static let integers: Set<ObjectIdentifier> = [
        ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
        ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
        ObjectIdentifier(UInt64.self),
    ]

    private func number(_ double: Double) throws {
        guard double.isFinite else {
            throw EncodingError.invalidValue(double, .init(codingPath: [], debugDescription: "\(double) is not a JSON number."))
        }
        var text = double.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(writer: self, depth: push(UInt8(ascii: "{"), UInt8(ascii: "}"))))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        Unkeyed(writer: self, depth: push(UInt8(ascii: "["), UInt8(ascii: "]")))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(writer: self)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let writer: JSONWriter
        let depth: Int
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {
            writer.key(key, at: depth)
            writer.bytes.append(contentsOf: "null".utf8)
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            writer.key(key, at: depth)
            try writer.value(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            writer.key(key, at: depth)
            return writer.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            writer.key(key, at: depth)
            return writer.unkeyedContainer()
        }

        /// The value under `key` is what the returned encoder's container writes next.
        mutating func superEncoder() -> any Encoder {
            writer.key(SuperKey.super, at: depth)
            return writer
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            writer.key(key, at: depth)
            return writer
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let writer: JSONWriter
        let depth: Int
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(writer: JSONWriter, depth: Int) {
            self.writer = writer
            self.depth = depth
        }

        mutating func encodeNil() throws {
            writer.element(at: depth)
            writer.bytes.append(contentsOf: "null".utf8)
            count += 1
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            writer.element(at: depth)
            try writer.value(value)
            count += 1
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            writer.element(at: depth)
            count += 1
            return writer.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            writer.element(at: depth)
            count += 1
            return writer.unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            writer.element(at: depth)
            count += 1
            return writer
        }
    }

    struct Single: SingleValueEncodingContainer {
        let writer: JSONWriter
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws {
            writer.bytes.append(contentsOf: "null".utf8)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try writer.value(value)
        }
    }

    enum SuperKey: String, CodingKey {
        case `super`
    }
}

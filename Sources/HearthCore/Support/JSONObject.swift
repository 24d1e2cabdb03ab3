/// The keys of one JSON object being written straight into bytes, in the order given, exactly as
/// JSONEncoder would write them: it writes the `{` when made and a comma before every key but the
/// first; the caller writes the `}`. For answers so large or so hot that JSONEncoder was most of
/// their time (a backup's items, a list's page); each writer is tested byte for byte against
/// JSONEncoder.
public struct JSONObject {
    private var first = true
    /// Whether `/` is written `\/`, as JSONEncoder does unless told `.withoutEscapingSlashes`.
    private let escapingSlashes: Bool

    public init(into json: inout [UInt8], escapingSlashes: Bool = false) {
        self.escapingSlashes = escapingSlashes
        json.append(UInt8(ascii: "{"))
    }

    public mutating func key(_ key: StaticString, _ json: inout [UInt8]) {
        if !first { json.append(UInt8(ascii: ",")) }
        first = false
        json.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { json.append(contentsOf: $0) }
        json.append(UInt8(ascii: "\""))
        json.append(UInt8(ascii: ":"))
    }

    /// A string, or nothing when it is absent (JSONEncoder's `encodeIfPresent`).
    public mutating func string(_ key: StaticString, _ value: String?, _ json: inout [UInt8]) {
        guard let value else { return }
        self.key(key, &json)
        Self.append(string: value, escapingSlashes: escapingSlashes, to: &json)
    }

    public mutating func int(_ key: StaticString, _ value: Int, _ json: inout [UInt8]) {
        self.key(key, &json)
        json.append(contentsOf: String(value).utf8)
    }

    public mutating func bool(_ key: StaticString, _ value: Bool, _ json: inout [UInt8]) {
        self.key(key, &json)
        json.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    /// An array of strings, or nothing when it is absent.
    public mutating func strings(_ key: StaticString, _ values: [String]?, _ json: inout [UInt8]) {
        guard let values else { return }
        self.key(key, &json)
        json.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            Self.append(string: value, escapingSlashes: escapingSlashes, to: &json)
        }
        json.append(UInt8(ascii: "]"))
    }

    /// A JSON string as JSONEncoder writes it: quotes, backslashes and control characters escaped
    /// (five of them by a letter), slashes when asked, everything else as it is.
    public static func append(string: String, escapingSlashes: Bool = false, to json: inout [UInt8]) {
        var string = string
        string.withUTF8 { append(utf8: $0, escapingSlashes: escapingSlashes, to: &json) }
    }

    /// ``append(string:escapingSlashes:to:)`` over the string's bytes in memory: a thousand items'
    /// page spent a twentieth of its time stepping through strings' UTF-8 views.
    private static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        // Most text has nothing to escape: its bytes go in at once.
        var plain = true
        for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (byte == UInt8(ascii: "/") && escapingSlashes) {
            plain = false
            break
        }
        if plain {
            json.append(contentsOf: bytes)
            json.append(UInt8(ascii: "\""))
            return
        }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): json.append(UInt8(ascii: "\\")); json.append(byte)
            case UInt8(ascii: "/") where escapingSlashes: json.append(UInt8(ascii: "\\")); json.append(byte)
            case 0x08: json.append(UInt8(ascii: "\\")); json.append(UInt8(ascii: "b"))
            case 0x0C: json.append(UInt8(ascii: "\\")); json.append(UInt8(ascii: "f"))
            case UInt8(ascii: "\n"): json.append(UInt8(ascii: "\\")); json.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): json.append(UInt8(ascii: "\\")); json.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): json.append(UInt8(ascii: "\\")); json.append(UInt8(ascii: "t"))
            case ..<0x20:
                json.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                json.append(hexDigits[Int(byte >> 4)])
                json.append(hexDigits[Int(byte & 0x0F)])
            default: json.append(byte)
            }
        }
        json.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

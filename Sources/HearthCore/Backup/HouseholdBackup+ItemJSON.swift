import Foundation

extension HouseholdBackup.Item {
    /// The item's JSON, byte for byte as ``HouseholdBackup/encoder()`` writes it (keys sorted, an
    /// absent value left out, slashes as they are), appended to `json` without going through
    /// `Encodable`: JSONEncoder spent most of a large backup's time on its items.
    public func appendJSON(to json: inout [UInt8]) {
        var item = JSONObject(into: &json)
        item.string("barcode", barcode, &json)
        item.string("brand", brand, &json)
        item.string("categoryId", categoryId?.uuidString, &json)
        item.string("categoryName", categoryName, &json)
        item.string("condition", condition?.rawValue, &json)
        item.string("containerId", containerId?.uuidString, &json)
        item.string("createdAt", RFC3339.string(from: createdAt), &json)
        item.string("deletedAt", deletedAt.map(RFC3339.string(from:)), &json)
        item.string("description", description, &json)
        item.string("disposition", disposition?.rawValue, &json)
        item.string("id", id.uuidString, &json)
        if let missingPhotos { item.int("missingPhotos", missingPhotos, &json) }
        item.string("model", model, &json)
        item.string("name", name, &json)
        item.string("notes", notes, &json)
        item.key("photos", &json)
        json.append(UInt8(ascii: "["))
        for (index, photo) in photos.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            var object = JSONObject(into: &json)
            object.key("file", &json)
            var file = JSONObject(into: &json)
            file.int("byteSize", photo.file.byteSize, &json)
            file.string("contentType", photo.file.contentType, &json)
            file.int("height", photo.file.height, &json)
            file.string("sha256", photo.file.sha256, &json)
            file.int("width", photo.file.width, &json)
            json.append(UInt8(ascii: "}"))
            object.string("id", photo.id.uuidString, &json)
            json.append(UInt8(ascii: "}"))
        }
        json.append(UInt8(ascii: "]"))
        item.string("purchaseDate", purchaseDate?.description, &json)
        item.string("purchasePlace", purchasePlace, &json)
        item.money("purchasePrice", purchasePrice, &json)
        item.int("quantity", quantity, &json)
        item.money("replacementValue", replacementValue, &json)
        item.string("roomId", roomId?.uuidString, &json)
        item.string("roomName", roomName, &json)
        item.string("serialNumber", serialNumber, &json)
        item.key("tags", &json)
        json.append(UInt8(ascii: "["))
        for (index, tag) in tags.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            JSONObject.append(string: tag, to: &json)
        }
        json.append(UInt8(ascii: "]"))
        item.string("updatedAt", RFC3339.string(from: updatedAt), &json)
        item.string("warrantyUntil", warrantyUntil?.description, &json)
        json.append(UInt8(ascii: "}"))
    }
}

/// The keys of one JSON object being written, in the order given: it writes the `{` when made
/// and a comma before every key but the first; the caller writes the `}`.
private struct JSONObject {
    private var first = true

    init(into json: inout [UInt8]) {
        json.append(UInt8(ascii: "{"))
    }

    mutating func key(_ key: StaticString, _ json: inout [UInt8]) {
        if !first { json.append(UInt8(ascii: ",")) }
        first = false
        json.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { json.append(contentsOf: $0) }
        json.append(UInt8(ascii: "\""))
        json.append(UInt8(ascii: ":"))
    }

    mutating func string(_ key: StaticString, _ value: String?, _ json: inout [UInt8]) {
        guard let value else { return }
        self.key(key, &json)
        Self.append(string: value, to: &json)
    }

    mutating func int(_ key: StaticString, _ value: Int, _ json: inout [UInt8]) {
        self.key(key, &json)
        json.append(contentsOf: String(value).utf8)
    }

    mutating func money(_ key: StaticString, _ value: Money?, _ json: inout [UInt8]) {
        guard let value else { return }
        self.key(key, &json)
        var money = JSONObject(into: &json)
        money.int("amount", value.amount, &json)
        money.string("currency", value.currency, &json)
        json.append(UInt8(ascii: "}"))
    }

    /// A JSON string as JSONEncoder writes it: quotes, backslashes and control characters escaped
    /// (five of them by a letter), everything else as it is.
    static func append(string: String, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): json.append(UInt8(ascii: "\\")); json.append(byte)
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

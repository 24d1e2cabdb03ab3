import Foundation

extension HouseholdBackup {
    /// The backup as JSON: keys sorted, times in RFC 3339 with fractions of a second, so a restore
    /// gives back the same instants.
    public func json() throws -> Data {
        try Self.encoder().encode(self)
    }

    /// The encoder of a backup's JSON and of its parts.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.string(from: date))
        }
        return encoder
    }

    /// A backup read from its JSON, or why it is not one.
    public static func decode(_ data: Data) throws(BackupError) -> HouseholdBackup {
        struct Version: Decodable { var formatVersion: Int }
        guard let version = try? decoder().decode(Version.self, from: data) else {
            throw .notABackup("it is not JSON with a formatVersion.")
        }
        guard version.formatVersion == currentFormat else { throw .unsupportedFormat(version.formatVersion) }
        return try decode(HouseholdBackup.self, from: data, at: nil)
    }

    /// Records of the backup's list `key` read from their JSON array; the first is number `first`
    /// (from 0) of the list, for messages.
    public static func decodeRecords<Record: Decodable>(_ type: Record.Type, from data: Data, key: String, first: Int) throws(BackupError) -> [Record] {
        try decode([Record].self, from: data, at: (key, first))
    }

    /// A part of a backup (or of another app's) read from its JSON.
    public static func decodeValue<Value: Decodable>(_ type: Value.Type, from data: Data) throws(BackupError) -> Value {
        try decode(type, from: data, at: nil)
    }

    /// `at`: where in the backup the JSON is (a list and the number of its first record), for messages.
    private static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, at list: (key: String, first: Int)?) throws(BackupError) -> Value {
        func path(_ keys: [any CodingKey]) -> String {
            var keys = keys.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            if let list {
                keys[0] = keys.first.flatMap { Int($0.dropFirst().dropLast()) }.map { "[\($0 + list.first)]" } ?? ""
                keys.insert(list.key, at: 0)
            }
            return keys.enumerated().reduce("") { path, part in
                part.element.hasPrefix("[") || part.offset == 0 ? path + part.element : path + "." + part.element
            }
        }
        do {
            return try decoder().decode(Value.self, from: data)
        } catch let DecodingError.dataCorrupted(context), let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .invalidRecord("\(path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw .invalidRecord("\(path(context.codingPath + [key])) is missing")
        } catch {
            throw .notABackup("its JSON could not be read.")
        }
    }

    private static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not an RFC 3339 time"))
            }
            return date
        }
        return decoder
    }
}

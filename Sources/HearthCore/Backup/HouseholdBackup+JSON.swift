import Foundation

extension HouseholdBackup {
    /// The backup as JSON: keys sorted, times in RFC 3339 with fractions of a second, so a restore
    /// gives back the same instants.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return try encoder.encode(self)
    }

    /// A backup read from its JSON, or why it is not one.
    public static func decode(_ data: Data) throws(BackupError) -> HouseholdBackup {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not an RFC 3339 time"))
            }
            return date
        }
        struct Version: Decodable { var formatVersion: Int }
        guard let version = try? decoder.decode(Version.self, from: data) else {
            throw .notABackup("it is not JSON with a formatVersion.")
        }
        guard version.formatVersion == currentFormat else { throw .unsupportedFormat(version.formatVersion) }
        do {
            return try decoder.decode(HouseholdBackup.self, from: data)
        } catch let DecodingError.dataCorrupted(context), let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .invalidRecord("\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, context) {
            throw .invalidRecord("\(Self.path(context.codingPath + [key])) is missing")
        } catch {
            throw .notABackup("its JSON could not be read.")
        }
    }

    /// `items[3].purchasePrice.amount`: where in the JSON a problem is.
    private static func path(_ keys: [any CodingKey]) -> String {
        keys.reduce("") { path, key in
            if let index = key.intValue { return path + "[\(index)]" }
            return path.isEmpty ? key.stringValue : path + "." + key.stringValue
        }
    }
}

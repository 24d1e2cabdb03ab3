import Foundation
import HearthCore
import OpenAPIRuntime

/// Dates in the API: written as ISO 8601 in UTC with milliseconds (timer ends are exact to the
/// millisecond), by ``RFC3339/string(from:)`` without a formatter per value; read in every form RFC 3339 allows, so a Shortcut or script may send
/// "2027-01-15T08:00:05Z" or "2027-01-15t09:00:05.5+01:00".
public struct HearthDateTranscoder: DateTranscoder {
    public init() {}

    public func encode(_ date: Date) throws -> String {
        RFC3339.string(from: date)
    }

    /// Throws a `DecodingError`, which the server answers with a 400 that names the value.
    public func decode(_ text: String) throws -> Date {
        guard let date = RFC3339.date(from: text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [], debugDescription: "“\(text)” is not a date and time; use RFC 3339, e.g. 2027-01-15T08:00:05Z."))
        }
        return date
    }
}

extension DateTranscoder where Self == HearthDateTranscoder {
    /// The transcoder the Hearth server and clients use.
    public static var hearth: Self { HearthDateTranscoder() }
}

extension Configuration {
    /// How the server writes the API: Hearth's dates, and compact JSON (the runtime's default
    /// indents and sorts keys, a third more bytes on a long list for nobody to read).
    public static var hearthServer: Self { Configuration(dateTranscoder: .hearth, jsonEncodingOptions: []) }
}

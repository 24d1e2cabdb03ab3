import Foundation
import OpenAPIRuntime

/// Dates in the API: written as ISO 8601 with milliseconds (timer ends are exact to the
/// millisecond); read with or without fractional seconds, so a Shortcut or script may send
/// "2027-01-15T08:00:05Z".
public struct HearthDateTranscoder: DateTranscoder {
    public init() {}

    public func encode(_ date: Date) throws -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    public func decode(_ text: String) throws -> Date {
        if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) { return date }
        return try Date(text, strategy: Date.ISO8601FormatStyle())
    }
}

extension DateTranscoder where Self == HearthDateTranscoder {
    /// The transcoder the Hearth server and clients use.
    public static var hearth: Self { HearthDateTranscoder() }
}

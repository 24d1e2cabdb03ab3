import Foundation
import HearthCore
import NIOCore

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN` (a tab between values, a line per
/// row, `\N` for NULL, backslash escapes), a few hundred kilobytes per chunk.
struct PostgresCopyText {
    private(set) var chunks: [ByteBuffer] = []

    /// nil when a date is outside years 1 to 9999 (which the text would have to write another way).
    init?(_ rows: BulkRows) {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(Self.chunkSize + 4096)
        for (index, value) in rows.values.enumerated() {
            let column = index % rows.columns.count
            if column > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
            switch value {
            case .null: buffer.writeStaticString("\\N")
            case .text(let text): Self.write(escaped: text, to: &buffer)
            case .uuid(let id): buffer.writeString(id.text)
            case .int(let number): buffer.writeString(String(number))
            case .bool(let flag): buffer.writeInteger(UInt8(ascii: flag ? "t" : "f"))
            case .date(let date):
                guard let text = Self.timestamp(date) else { return nil }
                buffer.writeString(text)
            }
            if column == rows.columns.count - 1 {
                buffer.writeInteger(UInt8(ascii: "\n"))
                if buffer.readableBytes >= Self.chunkSize {
                    chunks.append(buffer)
                    buffer = ByteBuffer()
                    buffer.reserveCapacity(Self.chunkSize + 4096)
                }
            }
        }
        if buffer.readableBytes > 0 { chunks.append(buffer) }
    }

    static let chunkSize = 256 << 10

    /// Text with its backslashes, tabs and line ends escaped.
    static func write(escaped text: String, to buffer: inout ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            guard bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) else {
                buffer.writeBytes(bytes)
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
                case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
                case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
                case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
                default: buffer.writeInteger(byte)
                }
            }
        }
    }

    /// A `timestamptz` in UTC to the microsecond: the same microsecond PostgresNIO sends for the
    /// date as a bind (counted from 2000-01-01 and cut, not rounded); nil before the year 1.
    static func timestamp(_ date: Date) -> String? {
        let sinceStart = date.timeIntervalSince(postgresEpoch) * 1_000_000
        guard abs(sinceStart) < 9e18 else { return nil }
        let micros = Int(Int64(sinceStart)) + 946_684_800_000_000
        guard micros >= -62_135_596_800_000_000 else { return nil }
        return RFC3339.timestamp(microsecondsSince1970: micros, fractionDigits: 6, separator: " ", zone: "+00")
    }

    /// Where PostgreSQL counts time from, as PostgresNIO computes it.
    private static let postgresEpoch = Date(timeIntervalSince1970: 946_684_800)
}

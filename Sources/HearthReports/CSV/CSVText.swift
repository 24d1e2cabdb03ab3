import Foundation

/// The text of an uploaded spreadsheet file, decoded by what the bytes are: UTF-16 after its
/// byte-order mark, UTF-8 (with or without one) when the whole file is valid UTF-8, and otherwise
/// Windows-1252, as older Excel on Windows saves CSV; that guess comes with a ``notice`` to show.
public struct CSVText: Sendable, Equatable {
    public enum Encoding: String, Sendable {
        case utf8 = "utf-8", utf16LittleEndian = "utf-16le", utf16BigEndian = "utf-16be", windows1252 = "windows-1252"
    }

    public var text: String
    public var encoding: Encoding
    /// What a person should know about how the file was read (only for a Windows-1252 guess).
    public var notice: String?

    /// Decodes `data`; a file with a NUL outside UTF-16, or broken UTF-16, is not text.
    public init(decoding data: Data) throws(CSVTable.Unreadable) {
        let notText = CSVTable.Unreadable(reason: "it is not text")
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) {
            encoding = data[data.startIndex] == 0xFF ? .utf16LittleEndian : .utf16BigEndian
            let units = data.dropFirst(2)
            guard units.count % 2 == 0,
                  let text = String(data: units, encoding: encoding == .utf16LittleEndian ? .utf16LittleEndian : .utf16BigEndian)
            else { throw notText }
            self.text = text
        } else {
            guard !data.contains(0) else { throw notText }
            let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
            if let text = String(validating: bytes, as: UTF8.self) {
                self.text = text
                encoding = .utf8
            } else {
                var scalars = String.UnicodeScalarView()
                for byte in bytes { scalars.append(Self.windows1252(byte)) }
                text = String(scalars)
                encoding = .windows1252
                notice = "This file is not UTF-8 (line \(Self.line(ofFirstInvalidByteIn: bytes)) has a byte that is not), so it was read as "
                    + "Windows-1252, as older Excel on Windows saves CSV. Check accented letters below; saving the file as “CSV UTF-8” avoids this."
            }
        }
    }

    /// Windows-1252's character for a byte: Latin-1, but typographic marks, € and Œ in 0x80–0x9F.
    /// Its five unassigned bytes stay C1 controls (as browsers decode them), which no field accepts.
    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte), case let scalar = high[Int(byte - 0x80)], scalar != 0 else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(scalar)!
    }

    private static let high: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// The line (1 is the first) of the first byte that breaks UTF-8.
    private static func line(ofFirstInvalidByteIn bytes: Data.SubSequence) -> Int {
        var valid = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        scan: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): valid += scalar.utf8.count
            case .emptyInput, .error: break scan
            }
        }
        return 1 + bytes.prefix(valid).reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    }
}

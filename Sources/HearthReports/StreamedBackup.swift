import Foundation
import HearthCore

/// A backup's JSON file read a part at a time (``BackupSource``): the parts other than the items
/// and receipts are read when it opens, into ``outline``; the items and receipts are read from the
/// file again batch by batch. Each within its ``Limits``: what a restore holds never grows with
/// the file. Hearth's own backups and Nestory Pro's (``NestoryBackup``, recognised by their keys,
/// translated on the way) are read alike.
public struct StreamedBackup: BackupSource {
    public struct Limits: Sendable {
        /// Bytes of JSON all parts but the items and receipts may have together (lists, Focus
        /// history and claims of a big household take a few).
        public var outline = 64 << 20
        /// Bytes of JSON one item or receipt may have.
        public var record = 4 << 20

        public static let standard = Limits()
    }

    /// Who wrote the file.
    enum Format: Sendable {
        case hearth
        case nestory(NestoryTranslation)
    }

    public let outline: HouseholdBackup
    let format: Format
    let file: URL
    let limits: Limits
    /// Where the items' and receipts' arrays are in the file.
    let itemsRange: Range<Int>?
    let receiptsRange: Range<Int>?
    /// Records decoded at once.
    static let batchSize = 1000
    /// The keys of a backup's JSON object (Nestory Pro's are among them); any other is refused as
    /// soon as it is read.
    static let keys: Set<String> = [
        "formatVersion", "appVersion", "exportDate", "household", "rooms", "categories", "items", "receipts", "lists", "members", "claims",
        "stores", "taughtNames", "maintenance", "documents",
    ]

    public var notes: [String] {
        if case .nestory(let translation) = format { translation.notes } else { [] }
    }

    /// Opens a backup's JSON, refusing a file that is not one as soon as it shows. The dates of a
    /// Nestory Pro backup are read as days in `timeZone` (the person restoring's).
    public static func open(_ file: URL, limits: Limits = .standard, timeZone: TimeZone = TimeZone(identifier: "UTC")!) throws -> StreamedBackup {
        let scanner = try JSONScanner(file)
        try scanner.skipByteOrderMark()
        try scanner.expect(UInt8(ascii: "{"), "it is neither a ZIP archive nor JSON.")
        var outline: [UInt8] = Array("{\"items\":[],\"receipts\":[]".utf8), ranges: [String: Range<Int>] = [:], seen: Set<String> = []
        if try !scanner.take(UInt8(ascii: "}")) {
            repeat {
                let key = try scanner.string()
                guard keys.contains(key) else { throw BackupError.notABackup("it is JSON with “\(key.prefix(40))”, which neither a Hearth nor a Nestory Pro backup has.") }
                guard seen.insert(key).inserted else { throw BackupError.notABackup("it has “\(key)” twice.") }
                try scanner.expect(UInt8(ascii: ":"), "its JSON is damaged.")
                if key == "items" || key == "receipts" {
                    _ = try scanner.peekSignificant()
                    let start = scanner.offset
                    try scanner.skipValue()
                    ranges[key] = start..<scanner.offset
                } else {
                    outline += Array(",\"\(key)\":".utf8)
                    let before = outline.count
                    try scanner.value(into: &outline, limit: limits.outline - before,
                                      tooLarge: .invalidRecord("the backup without its items and receipts is over \(limits.outline >> 20) MB"))
                    if key == "formatVersion", let version = Int(String(decoding: outline[before...], as: UTF8.self)), version != HouseholdBackup.currentFormat {
                        throw BackupError.unsupportedFormat(version)
                    }
                }
            } while try scanner.take(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "its JSON is damaged.")
        }
        guard try scanner.peekSignificant() == nil else { throw BackupError.notABackup("there is more after its JSON.") }
        outline.append(UInt8(ascii: "}"))
        if seen.contains("formatVersion") {
            return StreamedBackup(outline: try HouseholdBackup.decode(Data(outline)), format: .hearth, file: file, limits: limits,
                                  itemsRange: ranges["items"], receiptsRange: ranges["receipts"])
        }
        guard seen.isSuperset(of: ["exportDate", "items"]), seen.isSubset(of: NestoryBackup.keys) else {
            throw BackupError.notABackup("it is JSON without a Hearth backup's formatVersion or a Nestory Pro backup's exportDate and items.")
        }
        // A first pass reads what the receipts need from the items (ids and currencies: a few dozen
        // bytes an item) and which receipts had images.
        var links: [NestoryBackup.ItemLinks] = [], receiptImages = 0
        if let range = ranges["items"] {
            let reader = try RecordReader<NestoryBackup.ItemLinks>(file: file, range: range, key: "items", limit: limits.record, batchSize: batchSize)
            while let batch = try reader.next() { links += batch }
        }
        if let range = ranges["receipts"] {
            let reader = try RecordReader<NestoryBackup.ReceiptImage>(file: file, range: range, key: "receipts", limit: limits.record, batchSize: batchSize)
            while let batch = try reader.next() { receiptImages += batch.filter { !($0.imageIdentifier ?? "").isEmpty }.count }
        }
        let translation = try NestoryTranslation(outline: try HouseholdBackup.decodeValue(NestoryBackup.Outline.self, from: Data(outline)),
                                                 links: links, receiptImages: receiptImages, timeZone: timeZone)
        return StreamedBackup(outline: translation.outline, format: .nestory(translation), file: file, limits: limits,
                              itemsRange: ranges["items"], receiptsRange: ranges["receipts"])
    }

    public func items(_ body: ([HouseholdBackup.Item]) async throws -> Void) async throws {
        switch format {
        case .hearth: try await records(in: itemsRange, key: "items", body)
        case .nestory(let translation): try await translated(in: itemsRange, key: "items", translation.items(_:first:), body)
        }
    }

    public func receipts(_ body: ([HouseholdBackup.Receipt]) async throws -> Void) async throws {
        switch format {
        case .hearth: try await records(in: receiptsRange, key: "receipts", body)
        case .nestory(let translation): try await translated(in: receiptsRange, key: "receipts", translation.receipts(_:first:), body)
        }
    }

    /// Another app's records of the array at `range`, each batch translated (with the number of
    /// its first record, for messages) before `body` has it.
    private func translated<Record: Decodable & Sendable, Part>(in range: Range<Int>?, key: String, _ translate: ([Record], Int) throws -> [Part],
                                                                _ body: ([Part]) async throws -> Void) async throws {
        var read = 0
        try await records(in: range, key: key) { (batch: [Record]) in
            defer { read += batch.count }
            try await body(try translate(batch, read))
        }
    }

    /// The records of the array at `range`, decoded ``batchSize`` at a time: the next batch is
    /// decoded while `body` writes this one (a restore on SQLite writes on one thread).
    private func records<Record: Decodable & Sendable>(in range: Range<Int>?, key: String, _ body: ([Record]) async throws -> Void) async throws {
        guard let range else { return }
        let reader = UncheckedReader(reader: try RecordReader<Record>(file: file, range: range, key: key, limit: limits.record, batchSize: Self.batchSize))
        try await Pipeline.run(produce: { try reader.reader.next() }, consume: body)
    }
}

/// A reader handed from one task to the next (``Pipeline`` never reads twice at once).
private struct UncheckedReader<Record: Decodable>: @unchecked Sendable {
    let reader: RecordReader<Record>
}

/// Reads the records of one array of a backup's JSON, a batch at a time.
private final class RecordReader<Record: Decodable> {
    private let scanner: JSONScanner
    private let key: String
    private let limit: Int
    private let batchSize: Int
    private var read = 0
    private var done = false

    init(file: URL, range: Range<Int>, key: String, limit: Int, batchSize: Int) throws {
        scanner = try JSONScanner(file, range: range)
        self.key = key
        self.limit = limit
        self.batchSize = batchSize
        try scanner.expect(UInt8(ascii: "["), "its \(key) are not a list.")
        done = try scanner.take(UInt8(ascii: "]"))
    }

    /// The next batch, or nil after the last.
    func next() throws -> [Record]? {
        guard !done else { return nil }
        var batch: [UInt8] = [UInt8(ascii: "[")], count = 0
        repeat {
            if count > 0 { batch.append(UInt8(ascii: ",")) }
            try scanner.value(into: &batch, limit: limit, tooLarge: .invalidRecord("\(key)[\(read + count)] is over \(limit >> 20) MB"))
            count += 1
            if count == batchSize { break }
        } while try scanner.take(UInt8(ascii: ","))
        if try count < batchSize || !scanner.take(UInt8(ascii: ",")) {
            try scanner.expect(UInt8(ascii: "]"), "its \(key) are damaged.")
            done = true
        }
        batch.append(UInt8(ascii: "]"))
        defer { read += count }
        return try HouseholdBackup.decodeRecords(Record.self, from: Data(batch), key: key, first: read)
    }
}

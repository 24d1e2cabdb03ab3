import Crypto
import Foundation
import HearthCore

/// Writes a backup's JSON to a file as the store reads it (``BackupSink``): the JSON of
/// ``HouseholdBackup/json()`` (keys sorted), the items and receipts a page at a time, hashed on the
/// way. The store calls it from one task, one part after another.
public final class BackupJSONWriter: BackupSink, @unchecked Sendable {
    /// What was written: the file's hash and size, and what the backup holds.
    public struct Written: Sendable {
        public var sha256: String
        public var byteSize: Int
        public var counts: BackupArchive.Manifest.Counts
        /// Every file the backup names, each once.
        public var files: [StoredFile]
        public var formatVersion: Int
        public var appVersion: String
        public var exportDate: Date
    }

    private let handle: FileHandle
    private let encoder = HouseholdBackup.encoder()
    private var hash = SHA256()
    private var size = 0
    private var outline: HouseholdBackup?
    private var counts = BackupArchive.Manifest.Counts(rooms: 0, categories: 0, items: 0, receipts: 0, photos: 0, mediaFiles: 0)
    private var files: [StoredFile] = []
    private var seen: Set<String> = []
    private var receiptsStarted = false

    /// A writer to a new file at `url`.
    public init(to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        handle = try FileHandle(forWritingTo: url)
    }

    deinit { try? handle.close() }

    public func outline(_ outline: HouseholdBackup) async throws {
        self.outline = outline
        counts.rooms = outline.rooms.count
        counts.categories = outline.categories.count
        try write("{")
        try field("appVersion", outline.appVersion)
        try field("categories", outline.categories, comma: true)
        if let claims = outline.claims { try field("claims", claims, comma: true) }
        if let documents = outline.documents {
            try field("documents", documents, comma: true)
            documents.map(\.file).forEach(name)
        }
        try field("exportDate", outline.exportDate, comma: true)
        try field("formatVersion", outline.formatVersion, comma: true)
        try field("household", outline.household, comma: true)
        try write(",\"items\":[")
    }

    public func items(_ items: [HouseholdBackup.Item]) async throws {
        if !items.isEmpty {
            var json: [UInt8] = counts.items > 0 ? [UInt8(ascii: ",")] : []
            json.reserveCapacity(items.count * 512)
            for (index, item) in items.enumerated() {
                if index > 0 { json.append(UInt8(ascii: ",")) }
                item.appendJSON(to: &json)
            }
            try write(Data(json))
        }
        counts.items += items.count
        for photo in items.flatMap(\.photos) {
            counts.photos += 1
            name(photo.file)
        }
    }

    public func receipts(_ receipts: [HouseholdBackup.Receipt]) async throws {
        try startReceipts()
        try elements(receipts, after: counts.receipts)
        counts.receipts += receipts.count
        receipts.compactMap(\.image).forEach(name)
    }

    /// Ends the JSON (after the last receipt) and closes the file.
    public func finish() throws -> Written {
        guard let outline else { throw CocoaError(.fileWriteUnknown) }
        try startReceipts()
        try write("]")
        try field("rooms", outline.rooms, comma: true)
        if let stores = outline.stores { try field("stores", stores, comma: true) }
        if let taughtNames = outline.taughtNames { try field("taughtNames", taughtNames, comma: true) }
        try write("}")
        try handle.close()
        return Written(sha256: hash.finalize().hexString, byteSize: size, counts: counts, files: files, formatVersion: outline.formatVersion,
                       appVersion: outline.appVersion, exportDate: outline.exportDate)
    }

    /// Closes the items and writes what comes between them and the receipts, once.
    private func startReceipts() throws {
        guard !receiptsStarted, let outline else { return }
        receiptsStarted = true
        try write("]")
        if let lists = outline.lists { try field("lists", lists, comma: true) }
        if let maintenance = outline.maintenance { try field("maintenance", maintenance, comma: true) }
        if let members = outline.members { try field("members", members, comma: true) }
        try write(",\"receipts\":[")
    }

    private func name(_ file: StoredFile) {
        if seen.insert(file.sha256).inserted { files.append(file) }
    }

    private func field(_ key: String, _ value: some Encodable, comma: Bool = false) throws {
        try write((comma ? "," : "") + "\"\(key)\":")
        try write(try encoder.encode(value))
    }

    /// Array elements, continuing an array that has `count` already.
    private func elements(_ values: [some Encodable], after count: Int) throws {
        guard !values.isEmpty else { return }
        let array = try encoder.encode(values)
        if count > 0 { try write(",") }
        try write(array.dropFirst().dropLast())
    }

    private func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    private func write(_ data: Data) throws {
        hash.update(data: data)
        size += data.count
        try handle.write(contentsOf: data)
    }
}

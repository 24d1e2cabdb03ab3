import Foundation
import HearthAPI
import HearthCore
import OpenAPIRuntime

/// The Inventory endpoints for the CLI: items found by name, rooms and categories by name, uploads
/// with progress.
struct InventoryClient {
    typealias Item = Components.Schemas.InventoryItem
    typealias Group = Components.Schemas.InventoryGroup
    typealias Receipt = Components.Schemas.Receipt

    let connection: APIConnection

    static func shared() throws -> InventoryClient {
        InventoryClient(connection: try APIConnection(try ClientConfiguration.load()))
    }

    func summary() async throws -> Components.Schemas.InventorySummary {
        switch try await connection.call({ try await $0.getInventorySummary() }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Every item matching the filters, page after page (at most `limit`).
    func items(text: String? = nil, room: String? = nil, missing: String? = nil, limit: Int = 10_000) async throws -> (items: [Item], total: Int) {
        var items: [Item] = [], cursor: String?, total = 0
        repeat {
            let query = Operations.ListInventoryItems.Input.Query(
                q: text, room: room, missing: missing.flatMap(Components.Schemas.DocumentationField.init(rawValue:)), cursor: cursor, limit: 200)
            switch try await connection.call({ try await $0.listInventoryItems(query: query) }) {
            case .ok(let ok):
                let page = try ok.body.json
                items += page.items
                total = page.total
                cursor = page.nextCursor
            case let other: throw CLIError(unexpected: other)
            }
        } while cursor != nil && items.count < limit
        return (items, total)
    }

    func item(id: String) async throws -> Item {
        switch try await connection.call({ try await $0.getInventoryItem(path: .init(id: id)) }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// The rooms (`kind` "room") or the categories.
    func groups(_ kind: String) async throws -> [Group] {
        if kind == "room" {
            switch try await connection.call({ try await $0.listRooms() }) {
            case .ok(let ok): return try ok.body.json.groups
            case let other: throw CLIError(unexpected: other)
            }
        }
        switch try await connection.call({ try await $0.listCategories() }) {
        case .ok(let ok): return try ok.body.json.groups
        case let other: throw CLIError(unexpected: other)
        }
    }

    func create(_ item: Components.Schemas.NewInventoryItem) async throws -> Item {
        switch try await connection.call({ try await $0.createInventoryItem(body: .json(item)) }) {
        case .created(let created): return try created.body.json
        case .ok(let ok): return try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func currency() async throws -> String {
        switch try await connection.call({ try await $0.getInventorySettings() }) {
        case .ok(let ok): try ok.body.json.currency
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Uploads photos of an item in one request, showing progress.
    func uploadPhotos(_ files: [URL], to itemId: String) async throws -> [Components.Schemas.ItemPhoto] {
        let progress = UploadProgress(files: files)
        let parts = try files.map { file in
            Operations.UploadItemPhotos.Input.Body.MultipartFormPayload.file(
                .init(payload: .init(body: try progress.body(for: file)), filename: file.lastPathComponent))
        }
        let output = try await connection.call { try await $0.uploadItemPhotos(path: .init(id: itemId), body: .multipartForm(.init(parts))) }
        progress.finish()
        switch output {
        case .created(let created): return try created.body.json.photos
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Uploads a receipt to be read, showing progress.
    func uploadReceipt(_ file: URL) async throws -> Receipt {
        let progress = UploadProgress(files: [file])
        let part = Operations.CreateReceipt.Input.Body.MultipartFormPayload.file(
            .init(payload: .init(body: try progress.body(for: file)), filename: file.lastPathComponent))
        let output = try await connection.call { try await $0.createReceipt(body: .multipartForm(.init([part]))) }
        progress.finish()
        switch output {
        case .accepted(let accepted): return try accepted.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func receipt(id: String) async throws -> Receipt {
        switch try await connection.call({ try await $0.getReceipt(path: .init(id: id)) }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// A label sheet's PDF and the file name the server gives it.
    func labels(_ query: Operations.InventoryLabelsPDF.Input.Query) async throws -> (name: String, pdf: Data) {
        switch try await connection.call({ try await $0.inventoryLabelsPDF(query: query) }) {
        case .ok(let ok):
            let name = ok.headers.contentDisposition.flatMap(BackupClient.fileName) ?? "hearth-labels.pdf"
            return (name, try await Data(collecting: try ok.body.pdf, upTo: 200 << 20))
        case let other: throw CLIError(unexpected: other)
        }
    }

    func maintenance(itemId: String) async throws -> Components.Schemas.ItemMaintenance {
        switch try await connection.call({ try await $0.getItemMaintenance(path: .init(id: itemId)) }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func dueMaintenance(days: Int) async throws -> [Components.Schemas.DueMaintenance] {
        switch try await connection.call({ try await $0.listDueMaintenance(query: .init(days: days)) }) {
        case .ok(let ok): try ok.body.json.tasks
        case let other: throw CLIError(unexpected: other)
        }
    }

    func addMaintenanceTask(_ task: Components.Schemas.NewMaintenanceTask, itemId: String) async throws -> Components.Schemas.MaintenanceTask {
        switch try await connection.call({ try await $0.createMaintenanceTask(path: .init(id: itemId), body: .json(task)) }) {
        case .created(let created): try created.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func logMaintenance(_ entry: Components.Schemas.NewMaintenanceEntry, itemId: String) async throws -> Components.Schemas.MaintenanceEntry {
        switch try await connection.call({ try await $0.logMaintenance(path: .init(id: itemId), body: .json(entry)) }) {
        case .created(let created): try created.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func maintenanceCSV() async throws -> (name: String, csv: Data) {
        switch try await connection.call({ try await $0.exportMaintenanceCSV() }) {
        case .ok(let ok):
            let name = ok.headers.contentDisposition.flatMap(BackupClient.fileName) ?? "hearth-maintenance.csv"
            return (name, try await Data(collecting: try ok.body.textCsvCharsetUtf8, upTo: 200 << 20))
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// An item by asset id (`000-001`, `#1`), else by name: the whole name or the start of one,
    /// among the items a search for it finds.
    func findItem(_ query: String) async throws -> Item {
        if let asset = AssetID(searching: query.trimmingCharacters(in: .whitespaces)) {
            guard let item = try await items(text: "asset:\(asset.number)", limit: 1).items.first else {
                throw CLIError("No item has the asset id \(asset.text).")
            }
            return item
        }
        // In quotes: a name is words, even one that looks like a search filter ("Lego: Falcon", "SN:1").
        let found = try await items(text: "\"\(query.filter { $0 != "\"" })\"", limit: 200).items
        return try NameMatch.find(query, in: found, name: \.name, id: \.id, kind: "item")
    }

    /// A room or category id by name.
    func findGroup(_ query: String, kind: String) async throws -> String {
        try NameMatch.find(query, in: try await groups(kind), name: \.name, id: \.id, kind: kind).id
    }
}

/// Streams files from disk into upload bodies and shows how far the upload is on standard error.
final class UploadProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int64
    private var sent: Int64 = 0
    private var shown = -1
    private let interactive = isatty(STDERR_FILENO) != 0

    init(files: [URL]) {
        total = files.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize).map(Int64.init) ?? 0) }
    }

    /// A body that reads `file` in chunks as the connection takes them.
    func body(for file: URL) throws -> HTTPBody {
        guard let handle = try? FileHandle(forReadingFrom: file) else { throw CLIError("Cannot read \(file.path).") }
        let size = (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        // Read on demand: only the chunk the connection is sending is in memory, and progress is real.
        let stream = AsyncThrowingStream<ArraySlice<UInt8>, any Error> {
            guard let data = try handle.read(upToCount: 256 * 1024), !data.isEmpty else {
                try? handle.close()
                return nil
            }
            self.advance(by: data.count)
            return ArraySlice(data)
        }
        return HTTPBody(stream, length: .known(Int64(size)), iterationBehavior: .single)
    }

    private func advance(by count: Int) {
        lock.withLock {
            sent += Int64(count)
            let percent = total == 0 ? 100 : Int(sent * 100 / total)
            guard percent != shown, percent % (interactive ? 1 : 25) == 0 else { return }
            shown = percent
            let line = "Uploading \(ByteCountFormatter.string(fromByteCount: total, countStyle: .file)): \(percent) %"
            FileHandle.standardError.write(Data((interactive ? "\r\(line)" : "\(line)\n").utf8))
        }
    }

    /// Ends the progress line.
    func finish() {
        if interactive { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

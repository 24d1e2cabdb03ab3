import ArgumentParser
import Foundation
import HearthAPI
import HearthCore

/// `hearth inventory ...`: the household's home inventory from the terminal.
struct InventoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inventory", abstract: "Your household's home inventory.",
        discussion: "Items, rooms and categories are named as you would say them: the whole name in any case, or the start of one.",
        subcommands: [Summary.self, Add.self, List.self, Search.self, Show.self, ReadReceipt.self, Score.self, Label.self, Maintenance.self, Doc.self],
        defaultSubcommand: Summary.self
    )

    struct Summary: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "summary", abstract: "Items, value and what is missing (the default).")
        func run() async throws {
            print(InventoryText.summary(try await InventoryClient.shared().summary()))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an item, with photos if you give them.")
        @Argument(help: "What it is.") var name: String
        @Option(help: "Its room.") var room: String?
        @Option(help: "Its category.") var category: String?
        @Option(help: "What it would cost to replace, e.g. 899.00.") var value: String?
        @Option(help: "What it cost, e.g. 849.00.") var price: String?
        @Option(help: "The currency of --value and --price (default: the household's).") var currency: String?
        @Option(help: "The serial number.") var serial: String?
        @Option(parsing: .upToNextOption, help: "Photos (JPEG, PNG, WebP, HEIC), uploaded together.") var photo: [String] = []

        func run() async throws {
            let client = try InventoryClient.shared()
            let files = photo.map { URL(fileURLWithPath: $0) }
            for file in files where !FileManager.default.isReadableFile(atPath: file.path) { throw CLIError("Cannot read \(file.path).") }
            var code = currency?.uppercased() ?? ""
            if code.isEmpty { code = try await client.currency() }
            func money(_ text: String?, _ option: String) throws -> Components.Schemas.Money? {
                guard let text else { return nil }
                guard let amount = Money(parsing: text, currency: code)?.amount else {
                    throw CLIError("--\(option) “\(text)” is not an amount in \(code); write it like 899.00.")
                }
                return .init(amount: amount, currency: code)
            }
            let item = try await client.create(.init(
                id: UUID().text, name: name, roomId: try await room.asyncMap { try await client.findGroup($0, kind: "room") },
                categoryId: try await category.asyncMap { try await client.findGroup($0, kind: "category") },
                serialNumber: serial, purchasePrice: try money(price, "price"), replacementValue: try money(value, "value")))
            print("Added \(item.name) (\(item.documentationScore) % documented).")
            guard !files.isEmpty else { return }
            let photos = try await client.uploadPhotos(files, to: item.id)
            let updated = try await client.item(id: item.id)
            print("\(photos.count.counted(.photo)) added: \(updated.documentationScore) % documented.")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List items, by name.")
        @Option(help: "Only this room.") var room: String?
        @Option(help: "Only items without this: photo, receipt, value, room, category, serialNumber.") var missing: String?
        func run() async throws {
            let client = try InventoryClient.shared()
            if let missing, Components.Schemas.DocumentationField(rawValue: missing) == nil {
                throw ValidationError("--missing must be one of photo, receipt, value, room, category, serialNumber.")
            }
            let roomId = try await room.asyncMap { try await client.findGroup($0, kind: "room") }
            let (items, total) = try await client.items(room: roomId, missing: missing)
            print(items.isEmpty ? "No items." : InventoryText.table(items, total: total, rooms: try await client.groups("room")))
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find items by the start of any word: name, brand, serial, notes, receipts.")
        @Argument(help: "Words to find, e.g. “sams tv”.") var text: String
        func run() async throws {
            let client = try InventoryClient.shared()
            let (items, total) = try await client.items(text: text, limit: 200)
            print(items.isEmpty ? "Nothing matches “\(text)”." : InventoryText.table(items, total: total, rooms: try await client.groups("room")))
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one item with what it still needs.")
        @Argument(help: "The item.") var name: String
        func run() async throws {
            let client = try InventoryClient.shared()
            let item = try await client.item(id: try await client.findItem(name).id)
            print(InventoryText.detail(item, rooms: try await client.groups("room"), categories: try await client.groups("category")))
        }
    }

    struct ReadReceipt: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "receipt", abstract: "Upload a receipt (photo or PDF) and print what was read.")
        @Argument(help: "The photo or PDF.") var file: String
        func run() async throws {
            let client = try InventoryClient.shared()
            let url = URL(fileURLWithPath: file)
            guard FileManager.default.isReadableFile(atPath: url.path) else { throw CLIError("Cannot read \(url.path).") }
            var receipt = try await client.uploadReceipt(url)
            FileHandle.standardError.write(Data("Reading…\n".utf8))
            let deadline = Date().addingTimeInterval(120)
            while receipt.status == .reading && Date() < deadline {
                try await Task.sleep(for: .milliseconds(500)) // polling interval while the server reads
                receipt = try await client.receipt(id: receipt.id)
            }
            print(InventoryText.receipt(receipt))
        }
    }

    struct Score: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The documentation score and what to fix next.")
        func run() async throws {
            print(InventoryText.score(try await InventoryClient.shared().summary()))
        }
    }
}

extension Optional {
    /// Maps with an async transform.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}

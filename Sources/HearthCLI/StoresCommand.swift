import ArgumentParser
import Foundation
import HearthCore
import HearthServer

/// The household's stores and their aisle orders.
struct StoresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stores", abstract: "Your household's stores, each with its own aisle order.",
        subcommands: [All.self, Add.self, Aisles.self, Delete.self], defaultSubcommand: All.self
    )

    struct All: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "all", abstract: "Show the stores with their aisle orders (the default).")
        func run() async throws {
            let stores = try await ListsClient.shared().stores()
            guard !stores.isEmpty else { return print("No stores yet: lists use Hearth's aisle order. Add one with `hearth lists stores add NAME`.") }
            for store in stores { print("\(store.name): \(store.aisles.map(ListsText.title(of:)).joined(separator: " → "))") }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a store; --aisles gives its first aisles in order, the rest follow in Hearth's.")
        @Argument(help: "The store's name.") var name: String
        @Option(help: "Aisles in the store's order, comma-separated, e.g. bakery,produce,dairy.") var aisles: String?
        func run() async throws {
            let aisles = try ListsText.aisles(self.aisles ?? "")
            let store = try await ListsClient.shared().createStore(name: name, aisles: aisles.map { .init($0) })
            print("Added \(store.name): \(store.aisles.map(ListsText.title(of:)).joined(separator: " → ")).")
        }
    }

    struct Aisles: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set a store's aisle order: the aisles given first, the rest after them in Hearth's order.")
        @Argument(help: "The store.") var store: String
        @Argument(help: "Aisles in the store's order, comma-separated.") var aisles: String
        func run() async throws {
            let aisles = try ListsText.aisles(self.aisles)
            let client = try ListsClient.shared()
            let store = try await client.updateStore(id: try await client.findStore(self.store).id, .init(aisles: aisles.map { .init($0) }))
            print("\(store.name): \(store.aisles.map(ListsText.title(of:)).joined(separator: " → ")).")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a store; what was only found there is found anywhere again.")
        @Argument(help: "The store.") var store: String
        func run() async throws {
            let client = try ListsClient.shared()
            let store = try await client.findStore(self.store)
            try await client.deleteStore(id: store.id)
            print("Deleted \(store.name).")
        }
    }
}

extension ListsText {
    /// Aisles as typed, comma-separated.
    static func aisles(_ text: String) throws -> [ShoppingCategory] {
        try text.split(separator: ",").map { try category(String($0)) }
    }
}

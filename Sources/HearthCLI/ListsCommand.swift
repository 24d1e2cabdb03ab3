import ArgumentParser
import Foundation
import HearthAPI
import HearthCore
import HearthServer

/// `hearth lists ...`: the household's shopping lists from the terminal.
struct ListsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists", abstract: "Your household's shopping lists.",
        discussion: """
            A list or item is named as you would say it: the whole name in any case, or the start
            of one name (“gro” for Groceries).
            """,
        subcommands: [All.self, New.self, Show.self, Add.self, Check.self, Aisle.self, UsualStore.self, StoresCommand.self, Delete.self, Restore.self],
        defaultSubcommand: All.self
    )

    struct All: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "all", abstract: "Show all lists with their counts (the default).")
        func run() async throws {
            let client = try ListsClient.shared()
            let lists = try await client.lists()
            guard lists.isEmpty else { return print(ListsText.table(lists)) }
            let deleted = try await client.deletedLists()
            if let newest = deleted.first {
                let count = deleted.count == 1 ? "One list is" : "\(deleted.count) lists are"
                print("No lists. \(count) in Recently deleted: bring one back with `hearth lists restore \"\(newest.name)\"`, or start one with `hearth lists new NAME`.")
            } else {
                print("No lists yet. Start one with `hearth lists new NAME`.")
            }
        }
    }

    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a list.")
        @Argument(help: "The list's name.") var name: String
        @Option(help: "An emoji for the list.") var emoji: String?
        func run() async throws {
            let list = try await ListsClient.shared().create(name: name, emoji: emoji)
            print("Created \(ListsText.title(list)).")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a list's items by aisle (the usual store's order, else Hearth's), then the basket."
        )
        @Argument(help: "The list.") var list: String
        @Option(help: "The store you shop at: its aisle order, and without what is only found elsewhere.") var store: String?
        func run() async throws {
            let client = try ListsClient.shared()
            let store = try await self.store.asyncMap { try await client.findStore($0) }
            print(ListsText.items(try await client.list(id: try await client.findList(list).id, store: store?.id), shoppingAt: store?.name))
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an item; an item of that name still to buy gets the quantities added instead."
        )
        @Argument(help: "The list.") var list: String
        @Argument(help: "The item.") var item: String
        @Option(name: [.customLong("qty"), .customLong("quantity")], help: "How much, e.g. \"2 l\", \"500 g\" or \"3\".") var quantity: String?
        @Option(help: "A note, e.g. a brand.") var note: String?
        @Option(help: "Its aisle (\(ListsText.categoryNames)); left out, Hearth finds it.") var category: String?
        func run() async throws {
            let client = try ListsClient.shared()
            let category = try self.category.map(ListsText.category)
            let list = try await client.findList(self.list)
            let (item, created) = try await client.add(to: list.id, name: item, quantity: quantity, note: note, category: category.map { .init($0) })
            let what = ListsText.describe(item)
            let aisle = ListsText.title(of: item.category)
            print(created ? "Added \(what) to \(list.name), under \(aisle)." : "\(list.name) now has \(what).")
        }
    }

    struct Aisle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "aisle", abstract: "Move an item to another aisle; your household's lists put that name there from then on."
        )
        @Argument(help: "The list.") var list: String
        @Argument(help: "The item.") var item: String
        @Argument(help: "The aisle: \(ListsText.categoryNames).") var category: String
        func run() async throws {
            let category = try ListsText.category(self.category)
            let client = try ListsClient.shared()
            let list = try await client.list(id: try await client.findList(self.list).id)
            let item = try NameMatch.find(self.item, in: list.items ?? [], name: \.name, id: \.id, kind: "item on \(list.name)")
            let changed = try await client.update(item: item.id, in: list.id, .init(category: .init(category)))
            print("\(changed.name): under \(category.title) now, and from now on.")
        }
    }

    struct UsualStore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "usual-store", abstract: "Set the store a list is usually shopped at (its aisle order sorts the list), or clear it with --none."
        )
        @Argument(help: "The list.") var list: String
        @Argument(help: "The store.") var store: String?
        @Flag(help: "No usual store: Hearth's aisle order.") var none = false
        func validate() throws {
            if (store == nil) == !none { throw ValidationError("Name a store, or give --none.") }
        }
        func run() async throws {
            let client = try ListsClient.shared()
            let list = try await client.findList(self.list)
            let store = try await self.store.asyncMap { try await client.findStore($0) }
            _ = try await client.update(list: list.id, .init(storeId: store?.id ?? ""))
            print(store.map { "\(list.name) is usually shopped at \($0.name)." } ?? "\(list.name) has no usual store now.")
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put an item in the basket (or take it out with --undo).")
        @Argument(help: "The list.") var list: String
        @Argument(help: "The item.") var item: String
        @Flag(help: "Take the item out of the basket again.") var undo = false
        func run() async throws {
            let client = try ListsClient.shared()
            let list = try await client.list(id: try await client.findList(self.list).id)
            // Prefer an item in the state this command changes: "check Milk" means the Milk still to buy.
            let items = (list.items ?? []).sorted { ($0.purchased == undo ? 0 : 1) < ($1.purchased == undo ? 0 : 1) }
            let item = try NameMatch.find(self.item, in: items, name: \.name, id: \.id, kind: "item on \(list.name)")
            guard item.purchased == undo else {
                print("\(item.name) is \(undo ? "not in the basket" : "already in the basket").")
                return
            }
            let changed = try await client.setPurchased(!undo, item: item.id, in: list.id)
            print(changed.purchased ? "\(changed.name): in the basket." : "\(changed.name): back on the list.")
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move a list to Recently deleted (kept 30 days).")
        @Argument(help: "The list.") var list: String
        func run() async throws {
            let client = try ListsClient.shared()
            let list = try await client.findList(self.list)
            try await client.delete(listId: list.id)
            print("Moved \(list.name) to Recently deleted. `hearth lists restore \"\(list.name)\"` brings it back.")
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Bring a list back from Recently deleted with its items.")
        @Argument(help: "The deleted list.") var list: String
        func run() async throws {
            let client = try ListsClient.shared()
            let deleted = try await client.deletedLists()
            let list = try NameMatch.find(self.list, in: deleted, name: \.name, id: \.id, kind: "list in Recently deleted")
            let restored = try await client.restore(listId: list.id)
            print("Restored \(ListsText.title(restored)) with \(restored.itemCount.counted(.item)).")
        }
    }
}

extension ListsClient {
    /// An active list by name.
    func findList(_ query: String) async throws -> ShoppingList {
        try NameMatch.find(query, in: try await lists(), name: \.name, id: \.id, kind: "list")
    }
}

/// How lists and items read in a terminal.
enum ListsText {
    typealias ShoppingList = Components.Schemas.ShoppingList
    typealias Item = Components.Schemas.ListItem

    static func title(_ list: ShoppingList) -> String {
        list.emoji.map { "\($0) \(list.name)" } ?? list.name
    }

    static func progress(_ list: ShoppingList) -> String {
        if list.itemCount == 0 { return "empty" }
        return "\(list.itemCount - list.purchasedCount) to buy, \(list.purchasedCount) in the basket"
    }

    /// One line per list, the counts in a column.
    static func table(_ lists: [ShoppingList]) -> String {
        let width = lists.map { $0.name.count }.max() ?? 0
        return lists.map { list in
            let emoji = list.emoji ?? " "
            return "\(emoji) \(list.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(progress(list))"
        }.joined(separator: "\n")
    }

    static let categoryNames = ShoppingCategory.defaultAisleOrder.map(\.rawValue).joined(separator: ", ")

    static func title(of category: Components.Schemas.ShoppingCategory) -> String {
        ShoppingCategory(category).title
    }

    /// A category as someone types it: its name ("dairy", "personal-care") or heading ("Dairy & eggs"), or the start of either.
    static func category(_ text: String) throws -> ShoppingCategory {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        let all = ShoppingCategory.defaultAisleOrder
        if let exact = all.first(where: { $0.rawValue == key || $0.title.lowercased() == key }) { return exact }
        let started = all.filter { !key.isEmpty && ($0.rawValue.hasPrefix(key) || $0.title.lowercased().hasPrefix(key)) }
        if started.count == 1 { return started[0] }
        throw CLIError("“\(text)” is not an aisle. The aisles are \(categoryNames).")
    }

    static func describe(_ item: Item) -> String {
        [item.name, item.quantity.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
    }

    /// The list as a checklist: what is still to buy by aisle in the list's order (the store's
    /// shopped at, else its usual one's, else Hearth's), then the basket (most recent first).
    static func items(_ list: ShoppingList, shoppingAt store: String? = nil) -> String {
        let items = list.items ?? []
        var lines = ["\(title(list)): \(progress(list))" + (store.map { " · shopping at \($0)" } ?? "")]
        let line = { (item: Item) in
            "  [\(item.purchased ? "x" : " ")] \(describe(item))" + (item.note.map { " · \($0)" } ?? "")
        }
        let groups = AisleOrder.groups(items.filter { !$0.purchased }, aisles: (list.aisles ?? []).map(ShoppingCategory.init),
                                       category: { ShoppingCategory($0.category) }) { ($0.position ?? .max, $0.createdAt) < ($1.position ?? .max, $1.createdAt) }
        for (category, members) in groups {
            lines.append("\(category.title):")
            lines += members.map(line)
        }
        let basket = items.filter(\.purchased)
        if !basket.isEmpty {
            lines.append("In the basket:")
            lines += basket.map(line)
        }
        return lines.joined(separator: "\n")
    }
}

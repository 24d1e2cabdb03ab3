import ArgumentParser
import Foundation
import HearthAPI

extension InventoryCommand {
    /// `hearth inventory doc`: an item's documents, listed or attached.
    struct Doc: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doc", abstract: "An item's documents: manuals, warranties, appraisals.",
            subcommands: [List.self, Add.self], defaultSubcommand: List.self
        )

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List an item's documents (the default).")
            @Argument(help: "The item, by name or asset id.") var item: String
            func run() async throws {
                let client = try InventoryClient.shared()
                let found = try await client.findItem(item)
                print(InventoryText.documents(try await client.documents(itemId: found.id), itemName: found.name))
            }
        }

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Attach a PDF or picture to an item.",
                discussion: "hearth inventory doc add Dishwasher ~/Downloads/manual.pdf --kind manual"
            )
            @Argument(help: "The item, by name or asset id.") var item: String
            @Argument(help: "The file: a PDF, JPEG, PNG, WebP or HEIC.") var file: String
            @Option(help: "manual, warranty, appraisal, receipt or other.") var kind: Components.Schemas.DocumentKind = .other
            @Option(help: "What to call it (default: the file's name).") var title: String?

            func run() async throws {
                let client = try InventoryClient.shared()
                let found = try await client.findItem(item)
                let document = try await client.uploadDocument(URL(fileURLWithPath: file), to: found.id, kind: kind, title: title)
                print("Attached \(InventoryText.document(document)) to \(found.name).")
            }
        }
    }
}

extension Components.Schemas.DocumentKind: ExpressibleByArgument {}

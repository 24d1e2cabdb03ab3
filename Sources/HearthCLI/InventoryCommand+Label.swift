import ArgumentParser
import Foundation
import HearthAPI
import HearthCore

extension InventoryCommand {
    /// `hearth inventory label`: a PDF of QR labels for items, a room, or a box and what it holds.
    struct Label: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a PDF of QR labels for items, a room, or a box and what it holds.",
            discussion: "Print it at actual size (100 %). Items are named, or given by asset id (000-001)."
        )
        @Argument(help: "Items to label, by name or asset id (up to 100).") var items: [String] = []
        @Option(help: "Label every item in this room instead.") var room: String?
        @Option(help: "Label this box and everything in it instead.") var box: String?
        @Option(help: "avery-l7160 (A4, 21 a sheet), avery-5160 (Letter, 30 a sheet) or roll-62mm (a label printer).")
        var layout: Operations.InventoryLabelsPDF.Input.Query.LayoutPayload = .averyL7160
        @Option(help: "The first free label on a sheet used in part (1 is the top left).") var start: Int = 1
        @Option(name: .shortAndLong, help: "Where to write the PDF (default: the server's file name, here).") var output: String?

        func validate() throws {
            guard [!items.isEmpty, room != nil, box != nil].filter({ $0 }).count == 1 else {
                throw ValidationError("Name items, or give --room or --box (one of them).")
            }
        }

        func run() async throws {
            let client = try InventoryClient.shared()
            var query = Operations.InventoryLabelsPDF.Input.Query(layout: layout, start: start)
            if !items.isEmpty {
                var ids: [String] = []
                for name in items { ids.append(try await client.findItem(name).id) }
                query.items = ids.joined(separator: ",")
            } else if let room {
                query.room = try await client.findGroup(room, kind: "room")
            } else if let box {
                query.box = try await client.findItem(box).id
            }
            let (name, pdf) = try await client.labels(query)
            let destination = output ?? name
            guard !FileManager.default.fileExists(atPath: destination) else {
                throw CLIError("\(destination) exists already; choose a new file name with --output.")
            }
            guard FileManager.default.createFile(atPath: destination, contents: pdf) else { throw CLIError("Cannot write \(destination).") }
            print("Wrote \(destination). Print it at actual size (100 %).")
        }
    }
}

extension Operations.InventoryLabelsPDF.Input.Query.LayoutPayload: ExpressibleByArgument {}

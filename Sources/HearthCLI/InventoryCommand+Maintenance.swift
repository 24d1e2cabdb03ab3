import ArgumentParser
import Foundation
import HearthAPI
import HearthCore

extension InventoryCommand {
    /// `hearth inventory maintenance`: what is due, an item's tasks and log, adding a task, logging one done, the log as CSV.
    struct Maintenance: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Maintenance: what is due, tasks and what was done.",
            subcommands: [Due.self, Show.self, Add.self, Done.self, Export.self], defaultSubcommand: Due.self
        )

        struct Due: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "What is overdue or due soon (the default).")
            @Option(help: "Days ahead, 0 to 366.") var days: Int = 14
            func run() async throws {
                let due = try await InventoryClient.shared().dueMaintenance(days: days)
                print(InventoryText.dueMaintenance(due, days: days))
            }
        }

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "An item's tasks and its log.")
            @Argument(help: "The item, by name or asset id.") var item: String
            func run() async throws {
                let client = try InventoryClient.shared()
                let found = try await client.findItem(item)
                print(InventoryText.maintenance(try await client.maintenance(itemId: found.id), itemName: found.name))
            }
        }

        struct Add: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Add a task to an item.",
                discussion: "hearth inventory maintenance add Boiler \"Service the boiler\" --every \"1 year\""
            )
            @Argument(help: "The item, by name or asset id.") var item: String
            @Argument(help: "What to do.") var title: String
            @Option(help: "How often: \"6 months\", \"90 days\", \"1 year\". Without it, the task is done once, on --due.") var every: String?
            @Option(help: "When it is (first) due, YYYY-MM-DD (default for a repeating task: one interval from today).") var due: String?
            @Option(help: "A note.") var note: String?

            func validate() throws {
                if every == nil && due == nil { throw ValidationError("Give --every for a repeating task, or --due for one done once.") }
                if let every, Self.interval(every) == nil { throw ValidationError("--every “\(every)” is not like “6 months”, “90 days” or “1 year”.") }
            }

            /// "6 months", "1 year", "90 days", "2y".
            static func interval(_ text: String) -> Components.Schemas.MaintenanceInterval? {
                let parts = text.lowercased().split(whereSeparator: { $0 == " " })
                let number = parts.count == 2 ? String(parts[0]) : String(text.prefix { $0.isNumber })
                let unit = parts.count == 2 ? String(parts[1]) : String(text.drop { $0.isNumber })
                guard let count = Int(number), count > 0 else { return nil }
                let units: [String: Components.Schemas.MaintenanceInterval.UnitPayload] = [
                    "d": .days, "day": .days, "days": .days, "m": .months, "month": .months, "months": .months,
                    "y": .years, "year": .years, "years": .years,
                ]
                return units[unit].map { .init(count: count, unit: $0) }
            }

            func run() async throws {
                let client = try InventoryClient.shared()
                let found = try await client.findItem(item)
                let task = try await client.addMaintenanceTask(.init(title: title, every: every.flatMap(Self.interval), dueOn: due, note: note), itemId: found.id)
                print("Added “\(task.title)” to \(found.name): \(InventoryText.standing(task)).")
            }
        }

        struct Done: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Log something done to an item: one of its tasks (it then moves on), or anything else.",
                discussion: "hearth inventory maintenance done Boiler service --cost 95.00"
            )
            @Argument(help: "The item, by name or asset id.") var item: String
            @Argument(help: "One of its tasks (the whole title or its start), or what else was done.") var what: String
            @Option(help: "The day it was done, YYYY-MM-DD (default: today).") var on: String?
            @Option(help: "What it cost, e.g. 95.00, in the household's currency.") var cost: String?
            @Option(help: "A note.") var note: String?

            func run() async throws {
                let client = try InventoryClient.shared()
                let found = try await client.findItem(item)
                let tasks = try await client.maintenance(itemId: found.id).tasks
                // One of its tasks by its title or the start of it; two that start so is a question, none is something else done.
                let key = what.trimmingCharacters(in: .whitespaces).lowercased()
                let named = !key.isEmpty && tasks.contains { $0.title.lowercased().hasPrefix(key) }
                let task = named ? try NameMatch.find(what, in: tasks, name: \.title, id: \.id, kind: "task") : nil
                var money: Components.Schemas.Money?
                if let cost {
                    let currency = try await client.currency()
                    guard let amount = Money(parsing: cost, currency: currency)?.amount else {
                        throw CLIError("--cost “\(cost)” is not an amount in \(currency); write it like 95.00.")
                    }
                    money = .init(amount: amount, currency: currency)
                }
                let entry = try await client.logMaintenance(.init(taskId: task?.id, title: task == nil ? what : nil, doneOn: on, cost: money, note: note),
                                                            itemId: found.id)
                var line = "Logged “\(entry.title)” on \(entry.doneOn) for \(found.name)\(task == nil && !tasks.isEmpty ? " (not one of its tasks)" : "")."
                if let task, let now = try await client.maintenance(itemId: found.id).tasks.first(where: { $0.id == task.id }) {
                    line += " Next: \(InventoryText.standing(now))."
                }
                print(line)
            }
        }

        struct Export: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Write the household's maintenance log as CSV.")
            @Option(name: .shortAndLong, help: "Where to write it (default: the server's file name, here).") var output: String?
            func run() async throws {
                let (name, csv) = try await InventoryClient.shared().maintenanceCSV()
                let destination = output ?? name
                guard !FileManager.default.fileExists(atPath: destination) else {
                    throw CLIError("\(destination) exists already; choose a new file name with --output.")
                }
                guard FileManager.default.createFile(atPath: destination, contents: csv) else { throw CLIError("Cannot write \(destination).") }
                print("Wrote \(destination).")
            }
        }
    }
}

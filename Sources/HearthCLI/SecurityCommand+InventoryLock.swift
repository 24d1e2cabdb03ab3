import ArgumentParser
import Foundation
import HearthAPI

extension SecurityCommand {
    /// `hearth security inventory-lock [CHOICE]`: when the inventory locks itself in a browser.
    struct InventoryLockChoice: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inventory-lock", abstract: "Show or choose when the inventory locks itself in a browser.")

        @Argument(help: "never, immediately (when the app is hidden), or 1m, 5m, 15m, 60m without use.")
        var lockAfter: String?

        static let names = Components.Schemas.InventoryLockSetting.LockAfterPayload.allCases.map(\.rawValue)

        func validate() throws {
            if let lockAfter, !Self.names.contains(lockAfter) {
                throw ValidationError("Choose one of: \(Self.names.joined(separator: ", ")).")
            }
        }

        func run() async throws {
            let connection = try APIConnection(try ClientConfiguration.load())
            let lock = if let lockAfter, let choice = Components.Schemas.InventoryLockSetting.LockAfterPayload(rawValue: lockAfter) {
                switch try await connection.call({ try await $0.putInventoryLock(body: .json(.init(lockAfter: choice))) }) {
                case .ok(let ok): try ok.body.json
                case let other: throw CLIError(unexpected: other)
                }
            } else {
                switch try await connection.call({ try await $0.getInventoryLock() }) {
                case .ok(let ok): try ok.body.json
                case let other: throw CLIError(unexpected: other)
                }
            }
            print("Inventory lock: \(Self.describe(lock.lockAfter.rawValue))")
        }

        static func describe(_ name: String) -> String {
            switch name {
            case "never": "off"
            case "immediately": "locks when the app is hidden"
            default: "locks after \(name.dropLast()) minutes without use"
            }
        }
    }
}

import Foundation
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Tells a shared list's other members what was added to it ("Ada added 3 items to Groceries"),
/// for those who switched it on: every few seconds it takes the lists whose gathering minute is
/// over and queues one push each, in one transaction with the taking, so a cluster tells each once.
struct ListAdditionSender: Service {
    static let interval: Duration = .seconds(5)

    let database: Database
    let push: PushService
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await sendDue()
                try? await Task.sleep(for: Self.interval)
            }
        }
    }

    func sendDue() async {
        do {
            let queued = try await database.transaction { [push] db in
                var queued = 0
                for digest in try await push.store.claimListDigests(on: db) {
                    let notification = ListAdditions.notification(listId: digest.listId, listName: digest.listName, adders: digest.adders,
                                                                  added: digest.added, itemNames: digest.itemNames)
                    for member in try await PushStore.members(of: digest.householdId, wanting: \.listAdditions,
                                                              excluding: digest.adderIds, on: db) {
                        queued += try await push.enqueue([notification], for: member, on: db)
                    }
                }
                return queued
            }
            if queued > 0 { await push.ring() }
        } catch {
            logger.warning("List additions could not be told", metadata: ["error": "\(error)"])
        }
    }
}

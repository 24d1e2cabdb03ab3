import Foundation
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle
import SQLKit

/// The pushes no request causes: what was added to shared lists (every few seconds it takes the
/// lists whose gathering minute is over), and warranty and maintenance reminders (at start and
/// every hour). Each is claimed in the transaction that queues its pushes, so a cluster's servers
/// send it once, and a crash sends it not at all or whole.
struct ScheduledPushes: Service {
    static let listInterval: Duration = .seconds(5)
    static let reminderInterval: TimeInterval = 3600

    let database: Database
    let push: PushService
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var lastReminders = Date.distantPast
            while !Task.isCancelled {
                var queued = await sendListDigests()
                if clock.now.timeIntervalSince(lastReminders) >= Self.reminderInterval {
                    queued += await sendWarrantyReminders()
                    queued += await sendMaintenanceReminders()
                    lastReminders = clock.now
                }
                if queued > 0 { await push.ring() }
                try? await Task.sleep(for: Self.listInterval)
            }
        }
    }

    /// "Ada added 3 items to Groceries" to the list's other members who want it; answers the pushes queued.
    func sendListDigests() async -> Int {
        do {
            return try await database.transaction { [push] db in
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
        } catch is CancellationError {
            return 0  // the server is stopping; the next start tells them
        } catch {
            logger.warning("List additions could not be told", metadata: ["error": "\(error)"])
            return 0
        }
    }

    /// Warranties that end within 30 or 7 days (days counted where the household lives), one push
    /// per household and window to the members who want them; answers the pushes queued.
    func sendWarrantyReminders() async -> Int {
        await sendReminders("warranty", wanting: \.warranties) { [push] now in
            try await push.store.dueWarrantyReminders(now: now).map { due in
                (due.householdId, { db in
                    let claimed = try await push.store.claimWarrantyReminders(due.items, window: due.window, on: db)
                    return claimed.isEmpty ? nil : WarrantyReminders.notification(window: due.window, items: claimed)
                })
            }
        }
    }

    /// Maintenance tasks due within 7 days or due now (days counted where the household lives), one
    /// push per household and window to the members who want them; answers the pushes queued.
    func sendMaintenanceReminders() async -> Int {
        await sendReminders("maintenance", wanting: \.maintenance) { [push] now in
            try await push.store.dueMaintenanceReminders(now: now).map { due in
                (due.householdId, { db in
                    let claimed = try await push.store.claimMaintenanceReminders(due.tasks, window: due.window, on: db)
                    return claimed.isEmpty ? nil : MaintenanceReminders.notification(window: due.window, tasks: claimed)
                })
            }
        }
    }

    /// A reminder of a household: claiming it, within the transaction that queues its pushes, gives
    /// its notification, or nil when another server claimed it first.
    typealias Reminder = (householdId: UUID, claim: @Sendable (any SQLDatabase) async throws -> PushNotification?)

    /// Sends the reminders `due` finds for now, each claimed in the transaction that queues its
    /// pushes to the members `wanting` it: a cluster's servers send each once, a crash sends it
    /// whole or not at all. Answers the pushes queued.
    private func sendReminders(_ kind: String, wanting: KeyPath<PushSettings, Bool> & Sendable,
                               due: (Date) async throws -> [Reminder]) async -> Int {
        do {
            var queued = 0
            for reminder in try await due(clock.now) {
                queued += try await database.transaction { [push] db in
                    guard let notification = try await reminder.claim(db) else { return 0 }
                    var queued = 0
                    for member in try await PushStore.members(of: reminder.householdId, wanting: wanting, on: db) {
                        queued += try await push.enqueue([notification], for: member, on: db)
                    }
                    return queued
                }
            }
            if queued > 0 { logger.info("Queued \(kind) reminders", metadata: ["pushes": "\(queued)"]) }
            return queued
        } catch is CancellationError {
            return 0  // the server is stopping; the next start sends them
        } catch {
            logger.warning("\(kind.prefix(1).uppercased() + kind.dropFirst()) reminders could not be sent", metadata: ["error": "\(error)"])
            return 0
        }
    }
}

import Foundation
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

/// Sends warranty reminders: at start and every hour it looks for warranties that end within 30 or
/// 7 days and have not been reminded of, and pushes one notification per household and window to
/// the members who want them. Each reminder is claimed in the transaction that queues its pushes,
/// so a cluster's servers send it once, and a crash sends it not at all or whole. Days are counted
/// in UTC.
struct WarrantyReminderSender: Service {
    static let interval: Duration = .seconds(3600)

    let database: Database
    let push: PushService
    let clock: any WallClock
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
            let today = CalendarDate(clock.now, in: TimeZone(identifier: "UTC")!)
            var sent = 0
            for due in try await push.store.dueWarrantyReminders(today: today) {
                sent += try await database.transaction { [push] db in
                    let claimed = try await push.store.claimWarrantyReminders(due.items, window: due.window, on: db)
                    guard !claimed.isEmpty else { return 0 }
                    let notification = WarrantyReminders.notification(window: due.window, items: claimed)
                    for member in try await PushStore.members(of: due.householdId, wanting: \.warranties, on: db) {
                        try await push.enqueue([notification], for: member, on: db)
                    }
                    return claimed.count
                }
            }
            if sent > 0 {
                logger.info("Queued warranty reminders", metadata: ["items": "\(sent)"])
                await push.ring()
            }
        } catch {
            logger.warning("Warranty reminders could not be sent", metadata: ["error": "\(error)"])
        }
    }
}

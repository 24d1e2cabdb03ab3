import Foundation
import HearthCore
import HearthPush
import HearthStore
import SQLKit

/// Pushes to people's devices: queues notifications in the transaction of the change that caused
/// them (with their buttons' action links), and rings the sender once they are saved.
struct PushService: Sendable {
    let store: PushStore
    let key: VAPIDKey
    let secrets: SecretBox
    let doorbell: Doorbell
    let clock: any WallClock

    /// Queues `notifications` for every device of `userId` within `db`'s transaction; answers how many pushes that made.
    @discardableResult
    func enqueue(_ notifications: [PushNotification], for userId: UUID, on db: any SQLDatabase) async throws -> Int {
        guard !notifications.isEmpty else { return 0 }
        let messages = try notifications.map { notification in
            var notification = notification
            notification.id = UUID()
            // A button is good as long as its push: a timer's for 10 minutes, then it only opens the page.
            let expiresAt = clock.now + TimeInterval(notification.timeToLive)
            for index in notification.actions.indices {
                let link = PushActionLink(userId: userId, action: notification.actions[index].action, expiresAt: expiresAt)
                notification.actions[index].link = try link.sealed(with: secrets)
            }
            return PushStore.Message(kind: notification.kind, topic: PushMessage.topic(for: notification.tag), payload: try Self.json(notification),
                                     timely: notification.isTimely, timeToLive: notification.timeToLive)
        }
        return try await store.enqueue(messages, userId: userId, on: db)
    }

    /// Queues what a change of the person's timer pushes, as their settings say, within the change's transaction.
    func enqueue(_ transition: TimerTransition, for userId: UUID, on db: any SQLDatabase) async throws {
        // Most changes (a pause, an extension) push nothing whatever the settings: no query for them.
        guard !TimerNotifications.notifications(for: transition, settings: .everything).isEmpty else { return }
        let settings = try await PushStore.settings(userId: userId, on: db)
        try await enqueue(TimerNotifications.notifications(for: transition, settings: settings), for: userId, on: db)
    }

    /// Tells the sender that pushes were queued (after their transaction committed).
    func ring() async {
        await doorbell.ring()
    }

    static func json(_ notification: PushNotification) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(notification), as: UTF8.self)
    }
}

/// Wakes a sleeping loop as soon as there is work, instead of at its next look, or for good
/// when the server stops.
actor Doorbell {
    private var rung = false
    private var sleeper: Task<Void, Never>?
    /// The server is stopping: the loop finishes what it is sending and takes nothing new.
    private(set) var stopped = false

    func ring() {
        rung = true
        sleeper?.cancel()
    }

    func stop() {
        stopped = true
        ring()
    }

    /// Returns when rung (at once if it was rung since the last wait) or after `limit`.
    func wait(atMost limit: Duration) async {
        if !rung {
            let task = Task { _ = try? await Task.sleep(for: limit) }
            sleeper = task
            await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
            sleeper = nil
        }
        rung = false
    }
}

import Foundation
import HearthCore
import HearthPush
import HearthStore

extension AppServices {
    /// Checks and saves a browser's subscription for `user` (Settings → Notifications and the API):
    /// a push service's address that does not go where pushes may not, and keys that encrypt.
    func subscribe(_ user: User, endpoint: String, p256dh: String, auth: String, name: String?) async throws
        -> (subscription: PushSubscription, created: Bool) {
        let allowLoopback = configuration.allowLoopbackTargets
        let endpoint = try PushSubscription.validatedEndpoint(endpoint, allowPlainHTTP: allowLoopback)
        let name = try PushSubscription.validatedName(name)
        do {
            _ = try PushEncryption(p256dh: p256dh, auth: auth)
        } catch {
            throw PushError.invalidKeys(error.message)
        }
        // Push services are public: the home network is refused too, unless local targets are allowed (tests).
        if let reason = await OutboundDestination.refusal(of: endpoint, allowLoopback: allowLoopback, allowPrivateNetworks: allowLoopback) {
            throw PushError.refusedAddress(endpoint, reason: reason)
        }
        return try await push.store.subscribe(userId: user.id, endpoint: endpoint, p256dh: p256dh, auth: auth, name: name)
    }

    /// Notes an item `user` added for the list's other members who want to hear of it. A failure
    /// here costs a notification, never the addition: it is logged.
    func noteListAddition(_ item: ListItem, listId: UUID, by user: User) async {
        do {
            try await push.store.noteListAddition(listId: listId, householdId: user.householdId, userId: user.id, itemName: item.name)
        } catch {
            logger.warning("A list addition could not be noted for notifications", metadata: ["error": "\(error)"])
        }
    }

    /// Queues a test notification for each of `user`'s devices; answers how many.
    func sendTestPush(to user: User) async throws -> Int {
        var notification = PushNotification(kind: .test, title: "Hearth notifications work",
                                            body: "This device will be told when a timer ends.", tag: "test", url: "/settings/notifications")
        notification.renotify = true
        let count = try await database.transaction { [push, notification] db in
            try await push.enqueue([notification], for: user.id, on: db)
        }
        await push.ring()
        return count
    }
}

import Foundation
import HearthCore
import HearthStore

extension AppServices {
    /// Checks and saves a webhook of `user` (the Settings page and the API): an http(s) address
    /// that does not go where webhooks may not, the events it wants (none: all), and a new signing
    /// secret, kept sealed. Answers the webhook and its secret, which is shown only this once; with
    /// a client's `id` of a webhook the user made already, that one and its secret (the answer to
    /// the first request was lost).
    func createWebhook(id: UUID? = nil, for user: User, url: String, events: Set<TimerEvent.Kind>) async throws
        -> (webhook: Webhook, secret: String, created: Bool) {
        let url = try Webhook.validatedURL(url)
        if let reason = await OutboundDestination.refusal(of: url, allowLoopback: configuration.allowLoopbackTargets) {
            throw WebhookError.refusedAddress(url, reason: reason)
        }
        let secret = SecretToken.generate(prefix: "whsec_")
        let saved = try await webhooks.create(id: id, userId: user.id, url: url, events: events, sealedSecret: try secrets.seal(secret))
        return (saved.target.webhook, saved.created ? secret : try secrets.open(saved.target.sealedSecret), saved.created)
    }
}

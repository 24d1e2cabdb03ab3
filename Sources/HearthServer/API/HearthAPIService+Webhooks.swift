import Foundation
import HearthAPI
import HearthCore

/// Webhooks through the API: the same as Settings → Webhooks.
extension HearthAPIService {
    func listWebhooks(_ input: Operations.ListWebhooks.Input) async throws -> Operations.ListWebhooks.Output {
        let user = try APIRequest.requireUser()
        let targets = try await services.webhooks.webhooks(userId: user.id)
        return .ok(.init(body: .json(.init(webhooks: targets.map { .init($0.webhook) }))))
    }

    func createWebhook(_ input: Operations.CreateWebhook.Input) async throws -> Operations.CreateWebhook.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let events = Set((body.events ?? []).compactMap { TimerEvent.Kind(rawValue: $0.rawValue) })
        let (webhook, secret) = try await services.createWebhook(for: user, url: body.url, events: events)
        let shown = Components.Schemas.Webhook(webhook)
        return .created(.init(body: .json(.init(id: shown.id, url: shown.url, events: shown.events, createdAt: shown.createdAt, secret: secret))))
    }

    func deleteWebhook(_ input: Operations.DeleteWebhook.Input) async throws -> Operations.DeleteWebhook.Output {
        let user = try APIRequest.requireUser()
        guard let id = UUID(uuidString: input.path.id), try await services.webhooks.delete(id: id, userId: user.id) else {
            throw WebhookError.notFound
        }
        return .noContent
    }

    func listWebhookDeliveries(_ input: Operations.ListWebhookDeliveries.Input) async throws -> Operations.ListWebhookDeliveries.Output {
        let user = try APIRequest.requireUser()
        let limit = input.query.limit ?? 25
        guard (1...200).contains(limit) else { throw HTTPErrorMessage.badRequest("“limit” must be between 1 and 200.") }
        guard let id = UUID(uuidString: input.path.id),
              let deliveries = try await services.webhooks.log(userId: user.id, webhookId: id, limit: limit)
        else { throw WebhookError.notFound }
        return .ok(.init(body: .json(.init(deliveries: deliveries.map(Components.Schemas.WebhookDelivery.init)))))
    }
}

extension Components.Schemas.Webhook {
    init(_ webhook: HearthCore.Webhook) {
        self.init(id: webhook.id.text, url: webhook.url,
                  events: webhook.events.map(\.rawValue).sorted().compactMap(Components.Schemas.TimerEventKind.init(rawValue:)),
                  createdAt: webhook.createdAt)
    }
}

extension Components.Schemas.WebhookDelivery {
    init(_ delivery: HearthCore.WebhookDelivery) {
        self.init(id: delivery.id.text, event: .init(rawValue: delivery.event) ?? .phaseStarted,
                  status: .init(rawValue: delivery.status.rawValue) ?? .failed, attempts: delivery.attempts,
                  nextAttemptAt: delivery.nextAttemptAt, lastStatusCode: delivery.lastStatusCode, lastError: delivery.lastError,
                  createdAt: delivery.createdAt)
    }
}

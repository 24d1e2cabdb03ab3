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
        let saved = try await services.createWebhook(id: try Self.uuid(body.id), for: user, url: body.url, events: events)
        let shown = Components.Schemas.Webhook(saved.webhook)
        let answer = Components.Schemas.CreatedWebhook(id: shown.id, url: shown.url, events: shown.events, createdAt: shown.createdAt, secret: saved.secret)
        return saved.created ? .created(.init(body: .json(answer))) : .ok(.init(body: .json(answer)))
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
        let status: StatusPayload = switch delivery.status {
        case .pending: .pending
        case .delivered: .delivered
        case .failed: .failed
        }
        self.init(id: delivery.id.text, event: delivery.event, status: status, attempts: delivery.attempts,
                  nextAttemptAt: delivery.nextAttemptAt, lastStatusCode: delivery.lastStatusCode, lastError: delivery.lastError,
                  createdAt: delivery.createdAt)
    }
}

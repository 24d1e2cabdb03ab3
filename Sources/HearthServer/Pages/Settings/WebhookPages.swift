import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// Settings → Webhooks: where timer events are POSTed, the signing secret (shown once), the delivery log.
struct WebhookPages {
    let services: AppServices

    struct CreateForm: Decodable {
        let url: String
        let events: [String]?
    }

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/settings/webhooks", use: show)
        router.post("/settings/webhooks", use: create)
        router.post("/settings/webhooks/{id}/delete", use: delete)
    }

    func show(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await render(context: context, notice: Notice.from(request))
    }

    func create(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: CreateForm.self, context: context)
        do {
            let events = Set((form.events ?? []).compactMap(TimerEvent.Kind.init(rawValue:)))
            let created = try await services.createWebhook(for: user, url: form.url, events: events)
            return try await render(context: context, newSecret: created.secret)
        } catch let error as WebhookError {
            return try await render(context: context, error: error.message, typedURL: form.url, status: .unprocessableContent)
        }
    }

    func delete(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard try await services.webhooks.delete(id: id, userId: user.id) else { throw WebhookError.notFound }
        return .seeOther("/settings/webhooks", notice: .saved)
    }

    private func render(
        context: HearthRequestContext, notice: String? = nil, newSecret: String? = nil, error: String? = nil,
        typedURL: String = "", status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = try context.requireUser()
        let targets = try await services.webhooks.webhooks(userId: user.id)
        let log = try await services.webhooks.log(userId: user.id) ?? []
        let urls = Dictionary(targets.map { ($0.webhook.id, $0.webhook.url) }, uniquingKeysWith: { a, _ in a })
        let page = WebhooksPage(
            layout: services.layout("Webhooks", .settings, context, notice: notice),
            webhooks: targets.map { .init(id: $0.webhook.id.text, url: $0.webhook.url,
                                          events: $0.webhook.events.isEmpty ? "all events" : $0.webhook.events.map(\.rawValue).sorted().joined(separator: ", ")) },
            events: TimerEvent.Kind.allCases.map(\.rawValue),
            log: log.map { delivery in
                .init(event: delivery.event, url: urls[delivery.webhookId] ?? "", status: delivery.status.rawValue,
                      attempts: delivery.attempts, result: delivery.lastStatusCode.map { "HTTP \($0)" } ?? delivery.lastError ?? "",
                      when: DisplayFormat.dateTime(delivery.createdAt, timeZone: user.timeZone),
                      next: delivery.nextAttemptAt.map { DisplayFormat.dateTime($0, timeZone: user.timeZone) })
            },
            newSecret: newSecret, error: error, typedURL: typedURL
        )
        return try services.renderer.render("webhooks", page, status: status)
    }
}

/// The webhooks page.
struct WebhooksPage: Sendable {
    struct Row: Sendable {
        let id: String
        let url: String
        let events: String
    }
    struct LogRow: Sendable {
        let event: String
        let url: String
        let status: String
        let attempts: Int
        let result: String
        let when: String
        let next: String?
    }
    let layout: Layout
    let webhooks: [Row]
    let events: [String]
    let log: [LogRow]
    let newSecret: String?
    let error: String?
    let typedURL: String
}

import Foundation
import HearthAPI
import HearthCore
import HearthStore
import Hummingbird

/// The Focus area: the live timer page, the history and the statistics.
struct FocusPages {
    let services: AppServices

    func addRoutes(to router: Router<HearthRequestContext>) {
        router.get("/focus", use: timer)
        router.get("/focus/history", use: history)
        router.post("/focus/history/{id}/delete", use: deleteSession)
        router.post("/focus/history/clear", use: clearHistory)
        router.get("/focus/stats", use: statistics)
        router.get("/shell/focus", use: shell)
    }

    /// The timer page as the service worker keeps it: its script starts from the account's offline copy.
    func shell(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let page = FocusPage(layout: Layout.shell(title: "Focus", section: .focus, path: "/focus", context: context, assetVersion: services.renderer.assetVersion),
                             timerJSON: "null", settingsJSON: "null", timeZone: "", initialTime: "--:--")
        return try services.renderer.render("focus", page).keptByServiceWorker()
    }

    func timer(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let now = services.clock.now
        let (state, settings) = try await services.focus.timer(for: user)
        let page = FocusPage(
            layout: services.layout("Focus", .focus, context),
            timerJSON: try EmbeddedJSON.encode(Components.Schemas.TimerState(state, settings: settings, now: now, timeZone: user.zone)),
            settingsJSON: try EmbeddedJSON.encode(try HearthAPIService.dto(settings)),
            timeZone: user.timeZone,
            initialTime: ClockText.format(seconds: state.phase == .idle && state.mode == .pomodoro ? settings.focusSeconds : state.remainingSeconds(at: now))
        )
        return try services.renderer.render("focus", page)
    }

    func history(_ request: Request, context: HearthRequestContext) async throws -> Response {
        try await renderHistory(HistoryPage.Query(request.uri.queryParameters), context: context, notice: Notice.from(request))
    }

    private func renderHistory(_ query: HistoryPage.Query, context: HearthRequestContext, notice: String? = nil,
                               clearing: HistoryPage.Clearing? = nil) async throws -> Response {
        let user = try context.requireUser()
        let (sessions, total) = try await services.focus.store.sessions(
            userId: user.id, filter: query.filter, limit: HistoryPage.pageSize, offset: query.page * HistoryPage.pageSize
        )
        let page = HistoryPage(layout: services.layout("Focus history", .focus, context, notice: notice),
                               query: query, sessions: sessions, total: total, timeZone: user.zone, clearing: clearing)
        return try services.renderer.render("focus-history", page)
    }

    struct ClearForm: Decodable {
        let before: String?
        let confirm: String?
    }

    /// Clears the history (all, or the days before `before`): first a confirmation that says how
    /// many sessions go, then, confirmed, the deletion.
    func clearHistory(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decode(as: ClearForm.self, context: context)
        let before = form.before.flatMap { $0.isEmpty ? nil : $0 }
        let beforeDay = try before.map(HearthAPIService.day(from:))
        guard form.confirm == "yes" else {
            let count = try await services.focus.store.sessions(userId: user.id, filter: .init(toDay: beforeDay.map { $0 - 1 }), limit: 1, offset: 0).total
            return try await renderHistory(HistoryPage.Query([:]), context: context, clearing: .init(before: before, count: count))
        }
        _ = try await services.focus.store.clearHistory(userId: user.id, beforeDay: beforeDay)
        return .seeOther("/focus/history", notice: .historyCleared)
    }

    func deleteSession(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let id = try context.parameters.require("id", as: UUID.self)
        guard try await services.focus.store.deleteSession(id: id, userId: user.id) else { throw FocusError.sessionNotFound }
        return .seeOther("/focus/history", notice: .sessionDeleted)
    }

    func statistics(_ request: Request, context: HearthRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let stats = try await services.focus.store.statistics(userId: user.id, timeZone: user.zone, dayCount: 365)
        let page = StatisticsPage(layout: services.layout("Focus statistics", .focus, context), statistics: stats)
        return try services.renderer.render("focus-stats", page)
    }
}

/// JSON for a `<script type="application/json">` block: `<`, `>` and `&` are escaped so no value
/// can close the script element.
enum EmbeddedJSON {
    static func encode(_ value: some Encodable) throws -> String {
        String(decoding: try TimerEventPayload.encoder.encode(value), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }
}

/// The live timer page; the browser renders the rest from these two JSON documents.
struct FocusPage: Sendable {
    let layout: Layout
    let timerJSON: String
    let settingsJSON: String
    /// The profile's time zone: countdown targets and times of day are in it, not in the device's.
    let timeZone: String
    /// The big time as the server sees it, shown before the script runs.
    let initialTime: String
}

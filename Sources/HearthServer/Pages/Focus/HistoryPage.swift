import Foundation
import HearthCore
import HearthStore
import Hummingbird

/// The focus history: filter by kind and dates, delete, export.
struct HistoryPage: Sendable {
    static let pageSize = 50

    /// The filter as it came in the address (invalid values are ignored).
    struct Query: Sendable {
        var kind: String = ""
        var from: String = ""
        var to: String = ""
        var page = 0

        /// Far beyond any real history; keeps `page * pageSize` from overflowing.
        static let lastPage = 100_000

        init(_ parameters: Parameters) {
            if let kind = parameters["kind"], TimerPhase(rawValue: String(kind)) != nil { self.kind = String(kind) }
            if let from = parameters["from"], LocalDay.number(ofISODate: String(from)) != nil { self.from = String(from) }
            if let to = parameters["to"], LocalDay.number(ofISODate: String(to)) != nil { self.to = String(to) }
            page = min(max(0, parameters["page"].flatMap { Int($0) } ?? 0), Self.lastPage)
        }

        var filter: FocusStore.SessionFilter {
            .init(kind: TimerPhase(rawValue: kind), fromDay: LocalDay.number(ofISODate: from), toDay: LocalDay.number(ofISODate: to))
        }

        /// The query string for this filter on another page, or as a CSV export.
        func link(page: Int? = nil, csv: Bool = false) -> String {
            var items = [("kind", kind), ("from", from), ("to", to)].filter { !$0.1.isEmpty }
            if let page, page > 0 { items.append(("page", String(page))) }
            if csv { items.append(("format", "csv")) }
            return items.isEmpty ? "" : "?" + items.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        }
    }

    struct Row: Sendable {
        let id: String
        let kind: String
        let kindTitle: String
        let kindTitleLower: String
        let started: String
        let startedISO: String
        let duration: String
        let planned: String
        let skipped: Bool
        let label: String?
    }

    /// What "Clear history" is about to delete, for the person to confirm.
    struct Clearing: Sendable {
        let before: String?
        let count: Int
        /// Whether there is anything to delete (Mustache reads stored properties only).
        let hasSessions: Bool

        init(before: String?, count: Int) {
            self.before = before
            self.count = count
            hasSessions = count > 0
        }

        var question: String {
            guard count > 0 else { return "There are no sessions to delete\(before.map { " before \($0)" } ?? "")." }
            let sessions = DisplayFormat.count(count, "session", "sessions").lowercased()
            return "Delete \(sessions)\(before.map { " before \($0)" } ?? ""), and gym workouts\(before == nil ? "" : " of those days")? "
                + "Statistics and streaks will no longer count them. This cannot be undone."
        }
    }

    struct KindOption: Sendable {
        let value: String
        let title: String
        let selected: Bool
    }

    let layout: Layout
    let kinds: [KindOption]
    let from: String
    let to: String
    let rows: [Row]
    let totalText: String?
    let csvLink: String
    let previousLink: String?
    let nextLink: String?
    let clearing: Clearing?
    /// The confirmation's text (Mustache reads stored properties only).
    let clearQuestion: String?

    init(layout: Layout, query: Query, sessions: [FocusSession], total: Int, timeZone: TimeZone, clearing: Clearing? = nil) {
        self.layout = layout
        self.clearing = clearing
        clearQuestion = clearing?.question
        kinds = [KindOption(value: "", title: "All kinds", selected: query.kind.isEmpty)]
            + [TimerPhase.focus, .shortBreak, .longBreak, .countdown, .rest].map {
                KindOption(value: $0.rawValue, title: $0.title, selected: $0.rawValue == query.kind)
            }
        from = query.from
        to = query.to
        rows = sessions.map { session in
            Row(id: session.id.text, kind: session.kind.rawValue, kindTitle: session.kind.title,
                kindTitleLower: session.kind.title.lowercased(),
                started: DisplayFormat.dateTime(session.startedAt, timeZone: timeZone.identifier),
                startedISO: session.startedAt.formatted(.iso8601),
                duration: ClockText.format(seconds: session.actualSeconds), planned: ClockText.format(seconds: session.plannedSeconds),
                skipped: session.skipped, label: session.label)
        }
        totalText = total > 0 ? DisplayFormat.count(total, "session", "sessions") : nil
        csvLink = "/api/v1/focus/sessions" + query.link(csv: true)
        previousLink = query.page > 0 ? "/focus/history" + query.link(page: query.page - 1) : nil
        nextLink = (query.page + 1) * Self.pageSize < total ? "/focus/history" + query.link(page: query.page + 1) : nil
    }
}

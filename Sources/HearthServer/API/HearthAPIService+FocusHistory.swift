import Foundation
import HearthAPI
import HearthCore
import HearthStore
import OpenAPIRuntime

/// Focus history, statistics, and the event stream.
extension HearthAPIService {
    func listFocusSessions(_ input: Operations.ListFocusSessions.Input) async throws -> Operations.ListFocusSessions.Output {
        let user = try APIRequest.requireUser()
        let query = input.query
        let filter = FocusStore.SessionFilter(
            kind: query.kind.flatMap { TimerPhase(rawValue: $0.rawValue) },
            fromDay: try query.from.map(Self.day(from:)), toDay: try query.to.map(Self.day(from:))
        )
        if query.format == .csv {
            let all = try await services.focus.store.sessions(userId: user.id, filter: filter, limit: Int.max, offset: 0)
            return .ok(.init(body: .textCsvCharsetUtf8(HTTPBody(FocusSessionCSV.render(all.sessions, timeZone: user.zone)))))
        }
        let limit = query.limit ?? 50
        let offset = query.offset ?? 0
        guard (1...500).contains(limit) else { throw HTTPErrorMessage.badRequest("“limit” must be between 1 and 500.") }
        guard (0...Int(Int32.max)).contains(offset) else { throw HTTPErrorMessage.badRequest("“offset” must be between 0 and \(Int32.max).") }
        let page = try await services.focus.store.sessions(userId: user.id, filter: filter, limit: limit, offset: offset)
        return .ok(.init(body: .json(.init(sessions: page.sessions.map(Components.Schemas.FocusSession.init), total: page.total))))
    }

    func deleteFocusSession(_ input: Operations.DeleteFocusSession.Input) async throws -> Operations.DeleteFocusSession.Output {
        let user = try APIRequest.requireUser()
        guard let id = UUID(uuidString: input.path.id),
              try await services.focus.store.deleteSession(id: id, userId: user.id)
        else { throw FocusError.sessionNotFound }
        return .noContent
    }

    func clearFocusSessions(_ input: Operations.ClearFocusSessions.Input) async throws -> Operations.ClearFocusSessions.Output {
        let user = try APIRequest.requireUser()
        let deleted = try await services.focus.store.clearHistory(userId: user.id, beforeDay: try input.query.before.map(Self.day(from:)))
        return .ok(.init(body: .json(.init(deleted: deleted))))
    }

    func getFocusStats(_ input: Operations.GetFocusStats.Input) async throws -> Operations.GetFocusStats.Output {
        let user = try APIRequest.requireUser()
        let dayCount = switch input.query.range ?? .week { case .week: 7; case .month: 30; case .year: 365 }
        let stats = try await services.focus.store.statistics(userId: user.id, timeZone: user.zone, dayCount: dayCount)
        return .ok(.init(body: .json(.init(stats))))
    }

    func streamEvents(_ input: Operations.StreamEvents.Input) async throws -> Operations.StreamEvents.Output {
        let user = try APIRequest.requireUser()
        for given in [input.headers.lastEventID, input.query.lastEventId] where (given?.count ?? 0) > 200 {
            throw HTTPErrorMessage.badRequest("A last event id has at most 200 characters.")
        }
        let lastEventId = input.headers.lastEventID ?? input.query.lastEventId
        let subscription = try await services.events.subscribe(user, lastEventId: lastEventId)
        return .ok(.init(body: .textEventStream(HTTPBody(EventStreamBody(subscription: subscription), length: .unknown, iterationBehavior: .single))))
    }

    static func day(from text: String) throws -> Int {
        guard let day = LocalDay.number(ofISODate: text) else {
            throw HTTPErrorMessage.badRequest("“\(text)” is not a date; use YYYY-MM-DD.")
        }
        return day
    }
}

/// A message for a 400 that is not a domain error (bad query values).
enum HTTPErrorMessage: Error {
    case badRequest(String)
}

extension Components.Schemas.FocusSession {
    init(_ session: FocusSession) {
        self.init(id: session.id.text, kind: .init(rawValue: session.kind.rawValue) ?? .focus,
                  startedAt: session.startedAt, endedAt: session.endedAt, plannedSeconds: session.plannedSeconds,
                  actualSeconds: session.actualSeconds, skipped: session.skipped, label: session.label)
    }
}

extension Components.Schemas.FocusStats {
    init(_ stats: FocusStatistics) {
        func totals(_ t: FocusStatistics.Totals) -> Components.Schemas.FocusTotals {
            .init(focusSeconds: t.seconds, completedSessions: t.completed)
        }
        self.init(
            today: totals(stats.todayTotals), week: totals(stats.week), month: totals(stats.month),
            currentStreak: stats.currentStreak, longestStreak: stats.longestStreak,
            days: stats.days.map { .init(date: LocalDay.isoDate(of: $0.day), focusSeconds: $0.seconds, completedSessions: $0.completed) },
            workouts: .init(workouts: stats.workouts.workouts, rests: stats.workouts.rests,
                            restSeconds: stats.workouts.restSeconds, seconds: stats.workouts.seconds)
        )
    }
}

import Foundation
import HearthCore

/// One server-sent event: a name, a JSON payload and, once logged, its place in the log (`id`).
struct ServerEvent: Sendable, Equatable {
    let name: String
    let data: String
    var id: String?

    /// Opens every stream, with where the stream stands: from here on, no event is missed.
    static func ready(at position: EventPosition) -> ServerEvent {
        ServerEvent(name: "ready", data: "{}", id: position.description)
    }

    /// Says that events the client asked for (`Last-Event-ID`) are no longer kept: read everything again.
    static func reset(at position: EventPosition) -> ServerEvent {
        ServerEvent(name: "reset", data: "{}", id: position.description)
    }

    /// Ends the streams of the person it is for (they left their household or were removed); never sent.
    static let endStreams = ServerEvent(name: "hearth.endStreams", data: "{}")

    /// Whether clients ever see this event.
    var isSent: Bool { name != Self.endStreams.name }

    /// The event in the `text/event-stream` wire format.
    var wireFormat: String { (id.map { "id: \($0)\n" } ?? "") + "event: \(name)\ndata: \(data)\n\n" }
}

/// Who an event is for: every member of a household, or one person of it.
struct EventScope: Sendable, Equatable {
    let householdId: UUID
    let userId: UUID?

    static func household(_ householdId: UUID) -> EventScope { EventScope(householdId: householdId, userId: nil) }
    static func user(_ user: User) -> EventScope { EventScope(householdId: user.householdId, userId: user.id) }

    /// Whether a stream of `user` (opened as a member of `householdId`) gets the event. A person's
    /// event is of the household they were in when it happened: a stream they opened since they
    /// moved follows the other household (and its log), and neither gets nor is ended by it.
    func reaches(userId: UUID, householdId: UUID) -> Bool {
        self.householdId == householdId && (self.userId.map { $0 == userId } ?? true)
    }
}

/// An event in the log, with its number there.
struct LoggedEvent: Sendable, Equatable {
    let seq: Int64
    let scope: EventScope
    let event: ServerEvent
}

/// A place in an event log, as the `id` of each event says it (`<log>-<number>`): a client that
/// reconnects sends the last one it saw as `Last-Event-ID`. The log part tells the logs apart
/// (each household's on PostgreSQL; each run of an SQLite server), so a number is never read
/// against the wrong log.
struct EventPosition: Sendable, Equatable, CustomStringConvertible {
    let log: String
    let seq: Int64

    init(log: String, seq: Int64) {
        self.log = log
        self.seq = seq
    }

    /// Reads a `Last-Event-ID`; nil for anything this server never sent.
    init?(_ text: String) {
        guard text.utf8.count <= 64, let dash = text.lastIndex(of: "-"), let seq = Int64(text[text.index(after: dash)...]), seq >= 0
        else { return nil }
        self.init(log: String(text[..<dash]), seq: seq)
    }

    var description: String { "\(log)-\(seq)" }
}

import Foundation
import HearthAPI
import HearthCore

/// The JSON of a `timer` server-sent event, also the body of a webhook delivery.
struct TimerEventPayload: Encodable {
    let type: String
    let at: Date
    let timer: Components.Schemas.TimerState
    let session: Components.Schemas.FocusSession?
    let workout: Components.Schemas.Workout?

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try HearthDateTranscoder().encode(date))
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func serverEvent(_ event: TimerEvent, state: TimerState, settings: FocusSettings, now: Date, timeZone: TimeZone) -> ServerEvent {
        let payload = TimerEventPayload(
            type: event.kind.rawValue, at: event.at, timer: .init(state, settings: settings, now: now, timeZone: timeZone),
            session: event.session.map(Components.Schemas.FocusSession.init),
            workout: event.workout.map {
                .init(id: $0.id.text, startedAt: $0.startedAt, endedAt: $0.endedAt, rests: $0.rests,
                      restSeconds: $0.restSeconds, seconds: $0.seconds)
            }
        )
        let data = (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return ServerEvent(name: "timer", data: data)
    }
}

import ArgumentParser
import Foundation
import HearthAPI
import OpenAPIRuntime

extension FocusCommand {
    /// Follows the timer live: a progress line redrawn every second from `endsAt`, updated from the
    /// server's event stream, with the terminal bell when a phase ends. Ctrl-C quits.
    struct Watch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a live progress bar that follows the timer (Ctrl-C quits).")

        @Flag(help: "Do not ring the terminal bell at phase ends.") var quiet = false

        func run() async throws {
            let client = try TimerClient.shared()
            let display = WatchDisplay(state: try await client.timer(), bell: !quiet)
            let events: HTTPBody = try await client.connection.call {
                switch try await $0.streamEvents() {
                case .ok(let ok): try ok.body.textEventStream
                case let other: throw CLIError(unexpected: other)
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while !Task.isCancelled {
                        await display.draw()
                        try await Task.sleep(for: .seconds(1))
                    }
                }
                group.addTask {
                    for try await event in events.asDecodedServerSentEventsWithJSONData(of: TimerEventData.self, decoder: TimerEventData.decoder) {
                        guard let data = event.data else { continue }
                        await display.apply(data)
                    }
                    throw CLIError("The server closed the event stream.")
                }
                try await group.next()
            }
        }
    }
}

/// The `data` of a `timer` event (only what the terminal needs).
struct TimerEventData: Decodable, Hashable, Sendable {
    let type: String
    let timer: Components.Schemas.TimerState

    /// Event dates are ISO 8601 with fractional seconds, like the rest of the API.
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try HearthDateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
        }
        return decoder
    }()
}

/// The state being shown and the offset between this machine's clock and the server's.
actor WatchDisplay {
    private var state: Components.Schemas.TimerState
    private var offset: TimeInterval
    private let bell: Bool

    init(state: Components.Schemas.TimerState, bell: Bool) {
        self.state = state
        self.offset = state.now.timeIntervalSinceNow
        self.bell = bell
    }

    func apply(_ event: TimerEventData) {
        state = event.timer
        offset = event.timer.now.timeIntervalSinceNow
        if event.type == "phaseCompleted" || event.type == "alarm" {
            FileHandle.standardOutput.write(Data("\r\u{1B}[K\(bell ? "\u{7}" : "")\(TimerText.phaseTitle(state)) — \(event.type == "alarm" ? "time's up" : "phase ended")\n".utf8))
        }
        draw()
    }

    func draw() {
        let remaining: Int
        if let endsAt = state.endsAt, !state.paused {
            remaining = Int(endsAt.timeIntervalSince(Date().addingTimeInterval(offset)).rounded(.up))
        } else {
            remaining = state.remainingSeconds
        }
        FileHandle.standardOutput.write(Data("\r\u{1B}[K\(TimerText.progressLine(state, remaining: remaining))".utf8))
    }
}

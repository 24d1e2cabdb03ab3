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
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    while !Task.isCancelled {
                        await display.draw()
                        try await Task.sleep(for: .seconds(1))
                    }
                }
                group.addTask { try await follow(client, display) }
                try await group.next()
            }
        }

        /// Applies the timer's events as they come. When the stream ends (its server stopped), it
        /// opens again with the last event id and gets what it missed; after `reset` (too much was
        /// missed) it reads the timer anew.
        private func follow(_ client: TimerClient, _ display: WatchDisplay) async throws {
            var lastEventId: String?
            var failures = 0
            while !Task.isCancelled {
                do {
                    let since = lastEventId
                    let events: HTTPBody = try await client.connection.call {
                        switch try await $0.streamEvents(headers: .init(lastEventID: since)) {
                        case .ok(let ok): try ok.body.textEventStream
                        case .unauthorized(let problem): throw SignedOut(error: CLIError(problem: problem))
                        case let other: throw CLIError(unexpected: other)
                        }
                    }
                    for try await event in events.asDecodedServerSentEvents() {
                        failures = 0
                        lastEventId = event.id ?? lastEventId
                        if event.event == "reset" { await display.replace(try await client.timer()) }
                        guard event.event == "timer", let data = event.data,
                              let timer = try? TimerEventData.decoder.decode(TimerEventData.self, from: Data(data.utf8)) else { continue }
                        await display.apply(timer)
                    }
                } catch let signedOut as SignedOut {
                    throw signedOut.error
                } catch {
                    // The server is restarting, or another behind the same address takes over.
                    failures += 1
                    if failures > 30 { throw error as? CLIError ?? CLIError("Lost the server's event stream: \(error)") }
                }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }
}

/// The token no longer lets the watch in: following again would not help.
private struct SignedOut: Error {
    let error: CLIError
}

/// The `data` of a `timer` event (only what the terminal needs).
struct TimerEventData: Decodable, Hashable, Sendable {
    let type: String
    let timer: Components.Schemas.TimerState
    /// The session a `phaseCompleted` recorded.
    let session: Components.Schemas.FocusSession?

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

    /// Shows `state` as read anew.
    func replace(_ state: Components.Schemas.TimerState) {
        self.state = state
        offset = state.now.timeIntervalSinceNow
        draw()
    }

    func apply(_ event: TimerEventData) {
        state = event.timer
        offset = event.timer.now.timeIntervalSinceNow
        if event.type == "phaseCompleted" || event.type == "alarm" {
            // The phase that ended, not the one an automatic start began right after it.
            let title = event.session.map { TimerText.title(of: $0.kind) } ?? TimerText.phaseTitle(state)
            FileHandle.standardOutput.write(Data("\r\u{1B}[K\(bell ? "\u{7}" : "")\(title) — \(event.type == "alarm" ? "time's up" : "phase ended")\n".utf8))
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

import Foundation
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle
import SQLKit

/// The server side of the timers: applies commands, completes phases on time (also those that
/// ended while the server was down), and tells every device and webhook what happened.
struct FocusService: Sendable {
    let store: FocusStore
    let accounts: AccountStore
    let events: EventHub
    let webhooks: WebhookStore
    let push: PushService
    let schedule: TimerSchedule
    let clock: any WallClock
    let ids: IDGenerator
    let logger: Logger

    /// The user's timer as of now, with the settings it is shown with. Phases that just ended show
    /// as ended even if the scheduler has not written them yet.
    func timer(for user: User) async throws -> (state: TimerState, settings: FocusSettings) {
        let (timer, settings) = try await store.timerAndSettings(userId: user.id)
        return (engine(for: user).advance(timer, to: clock.now, settings: settings).state, settings)
    }

    /// Applies a command made at `madeAt` (nil: now; a page without a connection sends its taps
    /// later), stores the result with its sessions, and publishes its events.
    func handle(_ command: TimerCommand, madeAt: Date? = nil, for user: User) async throws -> (state: TimerState, settings: FocusSettings) {
        let settings = try await store.settings(userId: user.id)
        let engine = engine(for: user)
        let outcome = try await store.command(userId: user.id, timeZone: user.zone, { record, now in
            TimerWrite(try engine.handle(command, to: record, settings: settings, madeAt: madeAt, now: now))
        }, effects: effects(for: user, settings: settings, late: madeAt != nil))
        return (await published(outcome, for: user).state, settings)
    }

    /// Completes whatever of the user's timer is due (called by the scheduler), unless another
    /// server of the cluster is doing it right now.
    func advance(userId: UUID) async throws {
        guard let user = try await accounts.user(id: userId) else { return }
        let settings = try await store.settings(userId: userId)
        let engine = engine(for: user)
        let outcome = try await store.advance(userId: user.id, timeZone: user.zone, { state, now in
            engine.advance(state, to: now, settings: settings)
        }, effects: effects(for: user, settings: settings))
        if let outcome { _ = await published(outcome, for: user) }
    }

    /// Loads the timers due within the next two sweeps into the schedule: after a restart, what
    /// ended while the server was down completes at once, and in a cluster each server learns in
    /// time of the phases started through the others (and ends them, should their server die).
    func loadSchedule() async throws {
        for timer in try await store.dueTimers(before: clock.now + 2 * schedule.sweepInterval) {
            await schedule.found(timer.userId, dueAt: timer.dueAt)
        }
    }

    /// What a change of the user's timer does in its own transaction: queues the webhook
    /// deliveries and pushes of its events and records the events for the user's open pages (in
    /// the database of a cluster); answers the events left to publish once the change is saved.
    /// A command sent `late` (after a time without a connection) pushes only what is news: an
    /// alarm the person already heard and dismissed on the offline page rings nowhere else.
    private func effects(
        for user: User, settings: FocusSettings, late: Bool = false
    ) -> @Sendable (TimerTransition, Date, any SQLDatabase) async throws -> [ServerEvent] {
        let webhooks = webhooks, events = events, push = push
        return { transition, now, db in
            try await push.enqueue(late ? transition.news(at: now) : transition, for: user.id, on: db)
            let messages = transition.events.map { event in
                (event.kind, TimerEventPayload.serverEvent(event, state: transition.state, settings: settings, now: now, timeZone: user.zone))
            }
            try await webhooks.enqueue(userId: user.id, events: messages.map { ($0.0, $0.1.data) }, on: db)
            return try await events.record(messages.map(\.1), to: .user(user), within: db)
        }
    }

    /// Once a change is stored: schedules the next due time, sends its pushes and tells the user's open pages.
    private func published(_ outcome: (transition: TimerTransition, effects: [ServerEvent]?), for user: User) async -> TimerTransition {
        await schedule.set(user.id, dueAt: outcome.transition.state.dueAt)
        if outcome.effects != nil { await push.ring() }
        for message in outcome.effects ?? [] {
            await events.publish(message, to: .user(user))
        }
        return outcome.transition
    }

    func engine(for user: User) -> TimerEngine {
        TimerEngine(timeZone: user.zone, ids: ids)
    }
}

/// Runs the timer scheduler for the life of the server. Every server of a cluster runs one: each
/// wakes when a phase ends and completes it, and the timer's row lock makes sure only one does.
struct FocusScheduler: Service {
    let focus: FocusService

    func run() async throws {
        try await focus.loadSchedule()
        await cancelWhenGracefulShutdown {
            var lastSweep = focus.clock.now
            while !Task.isCancelled {
                await focus.schedule.sleep(now: focus.clock.now)
                if Task.isCancelled { break }
                if focus.clock.now.timeIntervalSince(lastSweep) >= focus.schedule.sweepInterval {
                    try? await focus.loadSchedule()
                    lastSweep = focus.clock.now
                }
                for userId in await focus.schedule.takeDue(now: focus.clock.now) {
                    do {
                        try await focus.advance(userId: userId)
                    } catch {
                        focus.logger.error("Could not complete a timer phase", metadata: ["user": "\(userId)", "error": "\(error)"])
                        // Try again shortly rather than losing the completion.
                        await focus.schedule.retry(userId, at: focus.clock.now + 5)
                    }
                }
            }
        }
    }
}

import Foundation
import HearthCore

/// Each user's stored timer and settings as ``FocusStore/timerAndSettings(userId:)`` last read
/// them, for a few seconds (see ``ReadCache``; SQLite only): every device and the CLI poll the
/// timer, and a read from the cache needs no statement. What the timer shows at a given moment is
/// still worked out from the stored state on every read. Every change to a timer or to settings
/// clears the cache once committed.
public typealias TimerCache = ReadCache<UUID, (timer: TimerState, settings: FocusSettings)>

extension TimerCache {
    /// A cache of timers: 5 seconds; more than 10,000 users within them start it over.
    static func timers(isOn: Bool) -> TimerCache {
        TimerCache(lifetime: 5, capacity: 10_000, isOn: isOn)
    }
}

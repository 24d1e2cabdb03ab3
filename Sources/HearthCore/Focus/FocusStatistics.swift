import Foundation

/// A user's focus statistics as the Statistics page and the API show them, all in the user's time zone.
public struct FocusStatistics: Sendable, Equatable {
    /// Totals over a stretch of days.
    public struct Totals: Sendable, Equatable {
        public var seconds = 0
        public var completed = 0

        public init(seconds: Int = 0, completed: Int = 0) {
            self.seconds = seconds
            self.completed = completed
        }
    }

    /// Gym workouts over a stretch of days.
    public struct WorkoutTotals: Sendable, Equatable {
        public var workouts = 0
        public var rests = 0
        public var restSeconds = 0
        public var seconds = 0

        public init(workouts: Int = 0, rests: Int = 0, restSeconds: Int = 0, seconds: Int = 0) {
            self.workouts = workouts
            self.rests = rests
            self.restSeconds = restSeconds
            self.seconds = seconds
        }
    }

    public var today: Int
    public var todayTotals: Totals
    /// Since Monday.
    public var week: Totals
    /// Since the first of the month.
    public var month: Totals
    /// One entry per day, oldest first, ending today (days without focus included).
    public var days: [FocusDayTotal]
    public var currentStreak: Int
    public var longestStreak: Int
    public var workouts: WorkoutTotals

    /// Builds the figures from per-day totals (any order, gaps allowed) covering at least the last
    /// `dayCount` days and the current month, and the streaks.
    public init(today: Int, dayCount: Int, totals: [FocusDayTotal], streaks: (current: Int, longest: Int), workouts: WorkoutTotals) {
        self.today = today
        let byDay = Dictionary(totals.map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        days = ((today - dayCount + 1)...today).map { byDay[$0] ?? FocusDayTotal(day: $0, seconds: 0, completed: 0) }
        func sum(from first: Int) -> Totals {
            totals.filter { $0.day >= first && $0.day <= today }
                .reduce(into: Totals()) { $0.seconds += $1.seconds; $0.completed += $1.completed }
        }
        todayTotals = sum(from: today)
        week = sum(from: Self.weekStart(of: today))
        month = sum(from: Self.monthStart(of: today))
        (currentStreak, longestStreak) = streaks
        self.workouts = workouts
    }

    /// Monday of the week of `day`. Day 0 (1970-01-01) was a Thursday.
    public static func weekStart(of day: Int) -> Int {
        day - ((day % 7 + 7 + 3) % 7)
    }

    /// The first day of the month of `day`.
    public static func monthStart(of day: Int) -> Int {
        let date = Date(timeIntervalSince1970: TimeInterval(day) * 86_400)
        return day - Calendar.utcGregorian.component(.day, from: date) + 1
    }
}

/// Focus minutes and completed sessions on one local day.
public struct FocusDayTotal: Sendable, Equatable {
    public var day: Int
    public var seconds: Int
    public var completed: Int

    public init(day: Int, seconds: Int, completed: Int) {
        self.day = day
        self.seconds = seconds
        self.completed = completed
    }
}

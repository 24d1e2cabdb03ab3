import Foundation

extension RFC3339 {
    /// `date` in UTC to the millisecond, `2027-01-15T08:00:05.250Z`: how the API writes every date.
    /// The same text as `Date.ISO8601FormatStyle(includingFractionalSeconds: true)`, written straight
    /// into the string's bytes instead of through a format style built for each value.
    public static func string(from date: Date) -> String {
        // To the microsecond first, so 0.123 stored as 0.12299999… still reads .123.
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard abs(micros) < 9e15 else { return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) }
        let millis = Int(micros).floorDivided(by: 1000)
        let (days, dayMillis) = (millis.floorDivided(by: 86_400_000), millis.floorModulo(86_400_000))
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else { return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) }
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func put(_ value: Int, digits: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(year, digits: 4, at: 0)
            put(month, digits: 2, at: 5)
            put(day, digits: 2, at: 8)
            put(dayMillis / 3_600_000, digits: 2, at: 11)
            put(dayMillis / 60_000 % 60, digits: 2, at: 14)
            put(dayMillis / 1000 % 60, digits: 2, at: 17)
            put(dayMillis % 1000, digits: 3, at: 20)
            for (offset, separator) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z")] as [(Int, Unicode.Scalar)] {
                buffer[offset] = UInt8(ascii: separator)
            }
            return 24
        }
    }

    /// `date` in UTC to the second, `2027-01-15T08:00:05Z`, as `Date.ISO8601FormatStyle()` writes it.
    public static func secondsString(from date: Date) -> String {
        String(string(from: date).prefix(19)) + "Z"
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    public static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// Division rounding toward minus infinity (-1 ms is in the day before 1970-01-01).
    public func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    public func floorModulo(_ divisor: Int) -> Int {
        self - floorDivided(by: divisor) * divisor
    }
}

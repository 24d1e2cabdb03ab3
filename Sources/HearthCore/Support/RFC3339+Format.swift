import Foundation

extension RFC3339 {
    /// `date` in UTC to the millisecond, `2027-01-15T08:00:05.250Z`: how the API writes every date.
    /// The same text as `Date.ISO8601FormatStyle(includingFractionalSeconds: true)`, written straight
    /// into the string's bytes instead of through a format style built for each value.
    public static func string(from date: Date) -> String {
        // To the microsecond first, so 0.123 stored as 0.12299999… still reads .123.
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard abs(micros) < 9e15, let text = timestamp(microsecondsSince1970: Int(micros), fractionDigits: 3) else {
            return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
        return text
    }

    /// The UTC time `micros` after 1970 as `2027-01-15T08:00:05.250Z`, the fraction cut to
    /// `fractionDigits` (1 to 6), the `T` and the `Z` as given; nil outside the years 0 to 9999.
    public static func timestamp(microsecondsSince1970 micros: Int, fractionDigits: Int, separator: Unicode.Scalar = "T",
                                 zone: StaticString = "Z") -> String? {
        let (days, dayMicros) = (micros.floorDivided(by: 86_400_000_000), micros.floorModulo(86_400_000_000))
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else { return nil }
        let seconds = dayMicros / 1_000_000
        var fraction = dayMicros % 1_000_000
        for _ in fractionDigits..<6 { fraction /= 10 }
        let length = 20 + fractionDigits + zone.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: length) { buffer in
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
            put(seconds / 3600, digits: 2, at: 11)
            put(seconds / 60 % 60, digits: 2, at: 14)
            put(seconds % 60, digits: 2, at: 17)
            put(fraction, digits: fractionDigits, at: 20)
            for (offset, mark) in [(4, "-"), (7, "-"), (10, separator), (13, ":"), (16, ":"), (19, ".")] as [(Int, Unicode.Scalar)] {
                buffer[offset] = UInt8(ascii: mark)
            }
            zone.withUTF8Buffer { zone in
                for (index, byte) in zone.enumerated() { buffer[20 + fractionDigits + index] = byte }
            }
            return length
        }
    }

    /// `date` in UTC to the second, `2027-01-15T08:00:05Z`, as `Date.ISO8601FormatStyle()` writes it.
    public static func secondsString(from date: Date) -> String {
        String(string(from: date).prefix(19)) + "Z"
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
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
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    func floorModulo(_ divisor: Int) -> Int {
        self - floorDivided(by: divisor) * divisor
    }
}

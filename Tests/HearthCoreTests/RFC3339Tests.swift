import Foundation
import HearthCore
import Testing

@Suite struct RFC3339Tests {
    @Test(arguments: [
        ("2026-01-01T10:00:00Z", 1_767_261_600.0),
        ("2026-01-01t10:00:00z", 1_767_261_600.0),
        ("2026-01-01T10:00:00+01:00", 1_767_258_000.0),
        ("2026-01-01T10:00:00-21:54", 1_767_340_440.0),
        ("2026-01-01T10:00:00.250Z", 1_767_261_600.25),
        ("2026-01-01T10:00:00.123456789Z", 1_767_261_600.123456789),
        ("1970-01-01T00:00:00Z", 0),
        ("2024-02-29T23:59:59Z", 1_709_251_199),
        ("1969-12-31T23:59:59Z", -1),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
    ])
    func everyFormTheRFCAllowsIsRead(text: String, seconds: Double) throws {
        let date = try #require(RFC3339.date(from: text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
    }

    @Test(arguments: [
        "", "garbage", "2026-01-01", "2026-01-01T10:00:00", "2026-01-01 10:00:00Z", "2026-01-01T24:00:00Z",
        "2026-01-01T10:60:00Z", "2026-01-01T10:00:60Z", "2026-02-29T10:00:00Z", "2026-13-01T10:00:00Z",
        "2026-00-10T10:00:00Z", "2026-01-01T10:00:00+24:00", "2026-01-01T10:00:00+0100", "2026-01-01T10:00:00.Z",
        "2026-01-01T10:00:00Z ", "+2026-01-01T10:00:00Z", "2026-1-01T10:00:00Z", "２０２６-01-01T10:00:00Z",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(RFC3339.date(from: text) == nil)
    }

    @Test func fullDatesAreDaysSinceTheEpoch() {
        #expect(RFC3339.dayNumber(from: "1970-01-01") == 0)
        #expect(RFC3339.dayNumber(from: "2027-01-15") == 20_833)
        #expect(RFC3339.dayNumber(from: "2000-02-29") == 11_016)
        #expect(RFC3339.dayNumber(from: "1900-02-29") == nil)
        #expect(RFC3339.dayNumber(from: "2027-1-5") == nil)
        #expect(RFC3339.dayNumber(from: "2027-01-15T00:00:00Z") == nil)
    }
}

@Suite struct RFC3339FormatTests {
    let formatStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The calendar and clock fields as Foundation writes them. (Foundation's format style cuts the
    /// fraction off the binary value, so a date read from "….123Z" would come back "….122Z"; ours
    /// rounds to the microsecond first. The comparison therefore uses the middle of each millisecond.)
    /// Compared from 1970 on: before it, Foundation itself now and then writes the millisecond
    /// before the one a date is in (-1420130071.1415 as "….857Z"); those dates are checked below.
    @Test func writesTheFieldsFoundationWrites() {
        var generator = SystemRandomNumberGenerator()
        var dates = [0, 951_782_400, 1_700_000_000.123, 1_799_999_999.999, 4_102_444_799.999, 414_783_779.6889995]
        dates += (0..<5000).map { _ in Double.random(in: 0...4_000_000_000, using: &generator) }
        for seconds in dates {
            // A Date keeps its time from 2001, so it may give back `seconds` an ulp off: its own value is the one to round.
            let date = Date(timeIntervalSince1970: seconds)
            let millisecond = ((date.timeIntervalSince1970 * 1_000_000).rounded() / 1000).rounded(.down)
            let middle = Date(timeIntervalSince1970: (millisecond + 0.5) / 1000)
            #expect(RFC3339.string(from: date) == middle.formatted(formatStyle), "\(seconds)")
        }
    }

    @Test func writesSecondsAsFoundationDoes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let second = Double(Int.random(in: 0...4_000_000_000, using: &generator))
            let date = Date(timeIntervalSince1970: second + Double.random(in: 0.001...0.998, using: &generator))
            #expect(RFC3339.secondsString(from: date) == date.formatted(Date.ISO8601FormatStyle()), "\(date.timeIntervalSince1970)")
        }
    }

    /// Before 1970 a date is written as the millisecond it is in, counted down from the epoch.
    @Test func writesDatesBefore1970() {
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -1_420_130_071.1420004)) == "1924-12-31T07:25:28.858Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: -2_208_988_800)) == "1900-01-01T00:00:00.000Z")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let millisecond = Int.random(in: -2_000_000_000_000 ..< 0, using: &generator)
            let text = RFC3339.string(from: Date(timeIntervalSince1970: (Double(millisecond) + 0.5) / 1000))
            let read = RFC3339.date(from: text).map { $0.timeIntervalSince1970 * 1000 }
            #expect(read.map { abs($0 - Double(millisecond)) < 0.01 } == true, "\(millisecond): \(text)")
        }
    }

    @Test func aDateClientsSendComesBackAsTheySentIt() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let text = RFC3339.string(from: Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000_000, using: &generator)) / 1000))
            #expect(RFC3339.date(from: text).map(RFC3339.string(from:)) == text)
        }
        #expect(RFC3339.string(from: RFC3339.date(from: "2023-11-14T22:13:20.123Z")!) == "2023-11-14T22:13:20.123Z")
        #expect(RFC3339.string(from: Date(timeIntervalSince1970: 1_800_000_000.25)) == "2027-01-15T08:00:00.250Z")
    }
}

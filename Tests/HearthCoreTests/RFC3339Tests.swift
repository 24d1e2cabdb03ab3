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

import Testing
@testable import RingHTTP

@Suite struct HTTPDateTests {
    @Test(arguments: [
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),  // the example in RFC 9110 §5.6.7
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),  // leap day of a year divisible by 400
        (1_709_251_199, "Thu, 29 Feb 2024 23:59:59 GMT"),
        (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),  // 2100 is not a leap year
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func imfFixdate(seconds: Int, expected: String) {
        #expect(HTTPDate.imfFixdate(secondsSince1970: seconds) == expected)
    }

    @Test func everyDayOfFourCenturiesRoundTrips() {
        // civilDate against a day-by-day count from 1970: catches any month or leap-year slip.
        var (year, month, day) = (1970, 1, 1)
        func daysIn(_ y: Int, _ m: Int) -> Int {
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
            return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
        }
        for days in 0..<(400 * 366) {
            let civil = HTTPDate.civilDate(daysSince1970: days)
            guard civil == (year, month, day) else {
                Issue.record("day \(days): \(civil) != \((year, month, day))")
                return
            }
            day += 1
            if day > daysIn(year, month) { (day, month) = (1, month + 1) }
            if month > 12 { (month, year) = (1, year + 1) }
        }
    }

    @Test func cacheRebuildsOnlyWhenTheSecondChanges() {
        var cache = HTTPDateCache()
        let first = cache.headerLine(secondsSince1970: 784_111_777)
        #expect(String(decoding: first, as: UTF8.self) == "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n")
        #expect(cache.headerLine(secondsSince1970: 784_111_777) == first)
        #expect(String(decoding: cache.headerLine(secondsSince1970: 784_111_778), as: UTF8.self).contains("08:49:38"))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` header value in IMF-fixdate form (RFC 9110 §5.6.7), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats seconds since the Unix epoch (UTC). Pure arithmetic: no locale, no time zone, no libc.
    static func imfFixdate(secondsSince1970 seconds: Int) -> String {
        let (days, secondOfDay) = seconds.quotientAndRemainderFlooring(by: 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        let weekday = weekdays[days.quotientAndRemainderFlooring(by: 7).remainder]
        let hour = secondOfDay / 3600, minute = secondOfDay / 60 % 60, second = secondOfDay % 60
        return "\(weekday), \(twoDigits(day)) \(months[month - 1]) \(year) "
            + "\(twoDigits(hour)):\(twoDigits(minute)):\(twoDigits(second)) GMT"
    }

    /// Year, month (1…12) and day (1…31) of a day count, by Howard Hinnant's `civil_from_days`.
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // March = 0
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

/// The serialised `Date: …\r\n` header line, rebuilt at most once per second.
///
/// A value owned by one I/O loop (no lock): formatting a date per response would cost more than the
/// rest of a cache-hit response.
struct HTTPDateCache {
    private var second = Int.min
    private var line: [UInt8] = []

    /// The header line for `secondsSince1970` (defaults to the wall clock now).
    mutating func headerLine(secondsSince1970: Int = Int(time(nil))) -> [UInt8] {
        if secondsSince1970 != second {
            second = secondsSince1970
            line = Array("Date: \(HTTPDate.imfFixdate(secondsSince1970: secondsSince1970))\r\n".utf8)
        }
        return line
    }
}

extension Int {
    /// Division rounding toward negative infinity, with a non-negative remainder.
    fileprivate func quotientAndRemainderFlooring(by divisor: Int) -> (quotient: Int, remainder: Int) {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}

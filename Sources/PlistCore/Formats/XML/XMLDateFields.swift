/// The instant CoreFoundation makes of the fields of an XML `<date>`.
///
/// CF does not range-check the fields: it adds them up (`CFGregorianDateGetAbsoluteTime`), so
/// `2024-01-32T20:43:14Z` is 1 February and `T24:00:00Z` the next day's midnight; month 13 is
/// January of the next year. Reading the same files as Foundation means doing the same, down
/// to the rounding of CF's `86400.0 * days + seconds` in doubles.
///
/// Refused instead: months 00 and 14–99, for which CF adds nothing for the month (so they
/// read as January) and its own source calls the result undefined (older macOS CF read past
/// its month table), and years beyond ±10^9 (CF keeps the year in 32 bits and wraps past
/// 2^31).
enum XMLDateFields {
  static let yearLimit: UInt64 = 1_000_000_000

  /// The date, or nil for a month or year refused above. Day, hour, minute and second may be
  /// anything from 0 to 99.
  static func date(year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int)
    -> PlistDate?
  {
    guard (1...13).contains(month), year.magnitude <= yearLimit else { return nil }
    // Month 13 counts the whole year: the first of the next one.
    let (y, m) = month == 13 ? (year + 1, 1) : (year, month)
    let days =
      PlistDate.daysFromCivil(year: y, month: m, day: 1) + Int64(day - 1) - referenceDay
    var seconds = 86_400.0 * Double(days)
    seconds += 3600.0 * Double(hour) + 60.0 * Double(minute) + Double(second)
    return PlistDate(secondsSinceReferenceDate: seconds)
  }

  /// 2001-01-01, the reference date, in days since 1970-01-01.
  private static let referenceDay = PlistDate.daysFromCivil(year: 2001, month: 1, day: 1)
}

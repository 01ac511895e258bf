/// The text of a `<date>` as Foundation's `PropertyListEncoder` writes it, which is
/// CoreFoundation's (`DateFormatting.appendISO8601`) from 1582-10-15 on, but differs before:
/// it follows the ISO 8601 calendar of ICU, which is Julian before the Gregorian reform, and
/// which pins instants outside −4712-01-01T12:00:00Z (Julian day 0) … 506713-02-07T00:00:00Z
/// to those ends.
enum EncodedDateFormatting {
  /// 1582-10-15T00:00:00Z, the first instant of the Gregorian calendar, in Unix seconds.
  static let gregorianReform: Int64 = -12_219_292_800
  /// Julian day 0, −4712-01-01T12:00:00Z (Julian calendar), in Unix seconds.
  static let earliest: Int64 = -210_866_760_000
  /// 506713-02-07T00:00:00Z, in Unix seconds.
  static let latest: Int64 = 15_928_153_804_800

  /// Appends the date; returns false, appending nothing, for a non-finite date.
  static func appendISO8601(_ date: PlistDate, to out: ByteOutput) -> Bool {
    let unix = date.secondsSinceReferenceDate + PlistDate.unixOffset
    guard unix.isFinite else { return false }
    let seconds = min(max(Int64(unix.rounded(.down)), earliest), latest)
    if seconds >= gregorianReform {
      let clamped = PlistDate(secondsSince1970: Double(seconds))
      return DateFormatting.appendISO8601(clamped, to: out)
    }
    let (days, secondsOfDay) = floorDivide(seconds, 86_400)
    let (year, month, day) = julianDate(daysSince1970: days)
    let components = PlistDate.Components(
      year: year, month: month, day: day, hour: Int(secondsOfDay / 3600),
      minute: Int(secondsOfDay % 3600 / 60), second: Int(secondsOfDay % 60))
    DateFormatting.appendISO8601(components, to: out)
    return true
  }

  /// The Julian calendar date of a day (days since 1970-01-01), for days from Julian day 0 on.
  static func julianDate(daysSince1970 days: Int64) -> (year: Int64, month: Int, day: Int) {
    let julianDay = days + 2_440_588  // 1970-01-01 is Julian day 2440587.5 at midnight
    let c = julianDay + 32_082
    let d = (4 * c + 3) / 1461
    let e = c - 1461 * d / 4
    let m = (5 * e + 2) / 153
    let day = Int(e - (153 * m + 2) / 5 + 1)
    let month = Int(m + 3 - 12 * (m / 10))
    let year = d - 4800 + m / 10
    return (year, month, day)
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let q = a / b
    let r = a % b
    return r < 0 ? (q - 1, r + b) : (q, r)
  }
}

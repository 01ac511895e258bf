/// A plist date: seconds since 2001-01-01T00:00:00Z (the reference date), kept as a `Double`
/// exactly as the binary format stores it, never rounded.
public struct PlistDate: Sendable {
  /// Seconds since 2001-01-01T00:00:00Z; may be fractional, negative or non-finite.
  public var secondsSinceReferenceDate: Double

  /// Creates a date from seconds since the reference date.
  ///
  /// - Parameter secondsSinceReferenceDate: Seconds since 2001-01-01T00:00:00Z.
  public init(secondsSinceReferenceDate: Double) {
    self.secondsSinceReferenceDate = secondsSinceReferenceDate
  }

  /// Creates a date from seconds since 1970-01-01T00:00:00Z.
  ///
  /// - Parameter secondsSince1970: Unix time in seconds.
  public init(secondsSince1970: Double) {
    self.init(secondsSinceReferenceDate: secondsSince1970 - PlistDate.unixOffset)
  }

  /// Seconds between 1970-01-01 and 2001-01-01.
  static let unixOffset: Double = 978_307_200

  /// Creates a date from a proleptic Gregorian UTC calendar time, or nil when a field is out of
  /// range (month 1–12, day within the month, hour 0–23, minute 0–59, second 0–60).
  ///
  /// - Parameter components: The calendar fields.
  public init?(_ components: Components) {
    let c = components
    guard (1...12).contains(c.month),
      (1...Self.daysIn(month: c.month, year: c.year)).contains(c.day),
      (0...23).contains(c.hour), (0...59).contains(c.minute), (0...60).contains(c.second),
      abs(c.year) <= 1_000_000_000
    else { return nil }
    let days = Self.daysFromCivil(year: c.year, month: c.month, day: c.day)
    let seconds = days * 86_400 + Int64(c.hour * 3600 + c.minute * 60 + c.second)
    self.init(secondsSince1970: Double(seconds))
  }

  /// The UTC calendar fields of the date, with the seconds rounded down (as CF does when it
  /// writes XML), or nil for a non-finite date or one too far away to print.
  public var components: Components? {
    let unix = secondsSinceReferenceDate + Self.unixOffset
    guard unix.isFinite, abs(unix) < 3e16 else { return nil }
    let total = Int64(unix.rounded(.down))
    let (days, secondsOfDay) = Self.floorDivide(total, 86_400)
    let (year, month, day) = Self.civilFromDays(days)
    let hour = Int(secondsOfDay / 3600)
    let minute = Int(secondsOfDay % 3600 / 60)
    let second = Int(secondsOfDay % 60)
    return Components(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
  }

  /// Calendar fields of a UTC date in the proleptic Gregorian calendar.
  public struct Components: Sendable, Hashable {
    /// The year (may be zero or negative).
    public var year: Int64
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int
    /// The hour, 0–23.
    public var hour: Int
    /// The minute, 0–59.
    public var minute: Int
    /// The second, 0–60.
    public var second: Int

    /// Creates calendar fields.
    ///
    /// - Parameters:
    ///   - year: The year.
    ///   - month: The month, 1–12.
    ///   - day: The day of the month.
    ///   - hour: The hour, 0–23.
    ///   - minute: The minute.
    ///   - second: The second.
    public init(year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
      self.year = year
      self.month = month
      self.day = day
      self.hour = hour
      self.minute = minute
      self.second = second
    }
  }

  // MARK: - Civil calendar arithmetic (days relative to 1970-01-01)

  static func daysFromCivil(year: Int64, month: Int, day: Int) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = Int64((month + 9) % 12)
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  static func daysIn(month: Int, year: Int64) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let q = a / b
    let r = a % b
    return r < 0 ? (q - 1, r + b) : (q, r)
  }
}

extension PlistDate: Hashable {
  /// Whether two dates are the same instant as stored: equal bit patterns, or both NaN. So
  /// `0.0` and `-0.0` differ and NaN equals NaN, as for `PlistValue.date`, and a round trip
  /// through any format can be checked exactly.
  ///
  /// - Parameters:
  ///   - lhs: A date.
  ///   - rhs: Another date.
  /// - Returns: Whether they are the same.
  public static func == (lhs: PlistDate, rhs: PlistDate) -> Bool {
    PlistValue.sameDouble(lhs.secondsSinceReferenceDate, rhs.secondsSinceReferenceDate)
  }

  /// Feeds the date into a hasher, consistently with `==` (every NaN hashes alike).
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    let seconds = secondsSinceReferenceDate
    hasher.combine(seconds.isNaN ? 0 : seconds.bitPattern)
  }
}

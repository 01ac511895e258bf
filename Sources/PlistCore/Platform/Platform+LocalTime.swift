#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Local time and printf's fixed-point reals (PlistBuddy's and plutil's text)

extension Platform {
  /// Unix seconds as local time in a `strftime` format (`%a %b %d %H:%M:%S %Z %Y`), in the
  /// zone `TZ` names; nil when the time is beyond what the C library can express.
  static func localTime(_ unixSeconds: Int64, format: String) -> String? {
    var seconds = time_t(unixSeconds)
    var fields = tm()
    guard localtime_r(&seconds, &fields) != nil else { return nil }
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let count = strftime(base, buffer.count, format, &fields)
      guard count > 0 else { return nil }
      return String(
        decoding: UnsafeRawBufferPointer(start: base, count: count).bindMemory(to: UInt8.self),
        as: UTF8.self)
    }
  }

  /// Calendar fields read as local time in the zone `TZ` names (`mktime`, the zone's rule
  /// for that day deciding daylight saving), as Unix seconds; nil when out of range.
  static func localSeconds(
    year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
  ) -> Int64? {
    guard abs(year) <= 1_000_000_000 else { return nil }
    var fields = tm()
    fields.tm_year = Int32(clamping: year - 1900)
    fields.tm_mon = Int32(clamping: month - 1)
    fields.tm_mday = Int32(clamping: day)
    fields.tm_hour = Int32(clamping: hour)
    fields.tm_min = Int32(clamping: minute)
    fields.tm_sec = Int32(clamping: second)
    fields.tm_isdst = -1
    let seconds = mktime(&fields)
    // -1 is also one second before 1970; the fields say which.
    guard seconds != -1 || (fields.tm_year == 69 && fields.tm_sec == 59) else { return nil }
    return Int64(seconds)
  }

  /// printf's `%.<decimals>f` of a double (`1.500000`): the C library's own rounding, as the
  /// tools whose output this copies print reals.
  static func fixedPoint(_ value: Double, decimals: Int) -> String {
    // Up to 309 integer digits, the point and the decimals.
    let capacity = 320 + decimals
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
      guard let base = buffer.baseAddress else { return "" }
      let count = withVaList([Int32(decimals), value]) { vsnprintf(base, capacity, "%.*f", $0) }
      guard count > 0 else { return "" }
      return String(
        decoding: UnsafeRawBufferPointer(start: base, count: min(Int(count), capacity - 1))
          .bindMemory(to: UInt8.self), as: UTF8.self)
    }
  }
}

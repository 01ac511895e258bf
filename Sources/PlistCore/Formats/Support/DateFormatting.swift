/// The textual forms of a date used by the writers.
enum DateFormatting {
  /// Appends `2024-01-02T03:04:05Z`, the XML form with the seconds rounded down (as CF writes
  /// it); returns false, appending nothing, for a date too far away to print.
  @discardableResult
  static func appendISO8601(_ date: PlistDate, to out: ByteOutput) -> Bool {
    guard let c = date.components else { return false }
    appendISO8601(c, to: out)
    return true
  }

  /// Appends calendar fields as `2024-01-02T03:04:05Z`.
  static func appendISO8601(_ c: PlistDate.Components, to out: ByteOutput) {
    appendCalendarDay(c, to: out)
    out.append(UInt8(ascii: "T"))
    appendClock(c, to: out)
    out.append(UInt8(ascii: "Z"))
  }

  /// The JSON form: like `appendISO8601`, with the fraction of a second kept (to
  /// microseconds) when there is one; nil for a date too far away to print.
  static func iso8601WithFraction(_ date: PlistDate) -> String? {
    guard let c = date.components else { return nil }
    let out = ByteOutput()
    appendCalendarDay(c, to: out)
    out.append(UInt8(ascii: "T"))
    appendClock(c, to: out)
    let seconds = date.secondsSinceReferenceDate
    var micros = Int64(((seconds - seconds.rounded(.down)) * 1_000_000).rounded())
    if micros > 0 && micros < 1_000_000 {
      var width = 6
      while micros % 10 == 0 {
        micros /= 10
        width -= 1
      }
      out.append(UInt8(ascii: "."))
      out.appendDecimal(micros, width: width)
    }
    out.append(UInt8(ascii: "Z"))
    return String(decoding: out.finish(), as: UTF8.self)
  }

  /// `2024-01-02 03:04:05 +0000`: the form `defaults read` prints.
  static func description(_ date: PlistDate) -> String {
    guard let c = date.components else { return String(date.secondsSinceReferenceDate) }
    let out = ByteOutput()
    appendCalendarDay(c, to: out)
    out.append(0x20)
    appendClock(c, to: out)
    out.append(" +0000")
    return String(decoding: out.finish(), as: UTF8.self)
  }

  private static func appendCalendarDay(_ c: PlistDate.Components, to out: ByteOutput) {
    out.appendDecimal(c.year, width: 4)
    out.append(UInt8(ascii: "-"))
    out.appendDecimal(Int64(c.month), width: 2)
    out.append(UInt8(ascii: "-"))
    out.appendDecimal(Int64(c.day), width: 2)
  }

  private static func appendClock(_ c: PlistDate.Components, to out: ByteOutput) {
    out.appendDecimal(Int64(c.hour), width: 2)
    out.append(UInt8(ascii: ":"))
    out.appendDecimal(Int64(c.minute), width: 2)
    out.append(UInt8(ascii: ":"))
    out.appendDecimal(Int64(c.second), width: 2)
  }
}

/// The textual forms of a date used by the writers.
enum DateFormatting {
  /// `2024-01-02T03:04:05Z`: the XML form, seconds rounded down (as CF writes it).
  static func iso8601(_ date: PlistDate) -> String? {
    guard let c = date.components else { return nil }
    var out: [UInt8] = []
    appendCalendarDay(c, to: &out)
    out.append(UInt8(ascii: "T"))
    appendClock(c, to: &out)
    out.append(UInt8(ascii: "Z"))
    return String(decoding: out, as: UTF8.self)
  }

  /// The JSON form: like `iso8601`, with the fraction of a second kept (to microseconds)
  /// when there is one.
  static func iso8601WithFraction(_ date: PlistDate) -> String? {
    guard var text = iso8601(date) else { return nil }
    let seconds = date.secondsSinceReferenceDate
    let micros = Int64(((seconds - seconds.rounded(.down)) * 1_000_000).rounded())
    guard micros > 0 && micros < 1_000_000 else { return text }
    var digits: [UInt8] = []
    ASCII.appendDecimal(micros, width: 6, to: &digits)
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    text.removeLast()
    return text + "." + String(decoding: digits, as: UTF8.self) + "Z"
  }

  /// `2024-01-02 03:04:05 +0000`: the form `defaults read` prints.
  static func description(_ date: PlistDate) -> String {
    guard let c = date.components else { return String(date.secondsSinceReferenceDate) }
    var out: [UInt8] = []
    appendCalendarDay(c, to: &out)
    out.append(0x20)
    appendClock(c, to: &out)
    out.append(contentsOf: " +0000".utf8)
    return String(decoding: out, as: UTF8.self)
  }

  private static func appendCalendarDay(_ c: PlistDate.Components, to out: inout [UInt8]) {
    ASCII.appendDecimal(c.year, width: 4, to: &out)
    out.append(UInt8(ascii: "-"))
    ASCII.appendDecimal(Int64(c.month), width: 2, to: &out)
    out.append(UInt8(ascii: "-"))
    ASCII.appendDecimal(Int64(c.day), width: 2, to: &out)
  }

  private static func appendClock(_ c: PlistDate.Components, to out: inout [UInt8]) {
    ASCII.appendDecimal(Int64(c.hour), width: 2, to: &out)
    out.append(UInt8(ascii: ":"))
    ASCII.appendDecimal(Int64(c.minute), width: 2, to: &out)
    out.append(UInt8(ascii: ":"))
    ASCII.appendDecimal(Int64(c.second), width: 2, to: &out)
  }
}

/// The dates `write -date` accepts: `defaults`' own `2024-01-02 03:04:05 +0000` (any
/// `±hhmm` offset), ISO 8601 `2024-01-02T03:04:05Z` or with an offset, and a bare day
/// `2024-01-02` (midnight UTC).
enum DateParsing {
  static func parse(_ text: String) -> PlistDate? {
    let bytes = Array(text.trimmingSpaces.utf8)
    guard bytes.count >= 10, let day = fields(bytes, "dddd-dd-dd") else { return nil }
    if bytes.count == 10 { return date(day, [0, 0, 0], offset: 0) }
    guard bytes.count >= 19, bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
      let clock = fields(Array(bytes[11..<19]), "dd:dd:dd")
    else { return nil }
    // An optional fraction of a second: `03:04:05.25`.
    var rest = bytes[19...]
    var fraction = 0.0
    if rest.first == UInt8(ascii: "."), rest.dropFirst().first.map(ASCII.isDigit) == true {
      let digits = rest.dropFirst().prefix(while: ASCII.isDigit)
      fraction = Double("0." + String(decoding: digits, as: UTF8.self)) ?? 0
      rest = rest.dropFirst(1 + digits.count)
    }
    var zone = rest.drop { $0 == UInt8(ascii: " ") }
    if zone.elementsEqual("Z".utf8) || (zone.isEmpty && bytes[10] == UInt8(ascii: "T")) {
      return date(day, clock, offset: 0, fraction: fraction)
    }
    guard let sign = zone.popFirst(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else {
      return nil
    }
    let digits = zone.filter { $0 != UInt8(ascii: ":") }
    guard digits.count == 4, let hm = fields(Array(digits), "dddd") else { return nil }
    let offset = (hm[0] / 100 * 60 + hm[0] % 100) * 60 * (sign == UInt8(ascii: "-") ? -1 : 1)
    return date(day, clock, offset: offset, fraction: fraction)
  }

  /// The numbers in `bytes` where `shape` has runs of `d`; other characters must match.
  private static func fields(_ bytes: [UInt8], _ shape: StaticString) -> [Int]? {
    let pattern = shape.withUTF8Buffer { Array($0) }
    guard bytes.count >= pattern.count else { return nil }
    var numbers: [Int] = []
    var current: Int?
    for (byte, expected) in zip(bytes, pattern) {
      if expected == UInt8(ascii: "d") {
        guard ASCII.isDigit(byte) else { return nil }
        current = (current ?? 0) * 10 + Int(byte - 0x30)
      } else {
        guard byte == expected else { return nil }
        if let value = current { numbers.append(value) }
        current = nil
      }
    }
    if let value = current { numbers.append(value) }
    return numbers
  }

  private static func date(_ day: [Int], _ clock: [Int], offset: Int, fraction: Double = 0)
    -> PlistDate?
  {
    let components = PlistDate.Components(
      year: Int64(day[0]), month: day[1], day: day[2], hour: clock[0], minute: clock[1],
      second: clock[2])
    guard let local = PlistDate(components) else { return nil }
    return PlistDate(
      secondsSinceReferenceDate: local.secondsSinceReferenceDate - Double(offset) + fraction)
  }
}

// MARK: - <integer>, <real>, <date>

extension XMLPlistReader {
  /// Decimal or `0x` hexadecimal, optional sign, white space before the sign and after it
  /// (as CF skips it) but none at the end; the value must lie in −2^63 … 2^64−1.
  func parseInteger(_ raw: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistInteger {
    var digits = XMLLeadingSpace.droppedBeforeInteger(raw[...])
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = XMLLeadingSpace.droppedBeforeInteger(digits.dropFirst())
    }
    var radix: UInt64 = 10
    if digits.count > 2, digits.first == UInt8(ascii: "0"),
      digits.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x")
    {
      radix = 16
      digits = digits.dropFirst(2)
    }
    guard let magnitude = PlistInteger.magnitude(digits: digits, radix: radix),
      let value = PlistInteger(negative: negative, magnitude: magnitude)
    else {
      let shown = String(decoding: raw, as: UTF8.self)
      let allDigits = digits.allSatisfy { ASCII.digitValue($0).map { UInt64($0) < radix } ?? false }
      let why = allDigits && !digits.isEmpty ? "out of range" : "not a valid integer"
      throw failure("<integer>\(shown)</integer> is \(why)", at: contentOffset(raw))
    }
    return value
  }

  /// A decimal real after white space (none after it, as in CF), or exactly `nan`, `inf`,
  /// `infinity` with an optional sign, in any letter case.
  func parseReal(_ raw: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> Double {
    let body = XMLLeadingSpace.droppedBeforeReal(raw[...])
    if !body.isEmpty, body.allSatisfy(DecimalReal.isRealByte),
      let value = DecimalReal.parse(UnsafeBufferPointer(rebasing: body))
    {
      return value
    }
    switch String(decoding: raw, as: UTF8.self).lowercased() {
    case "nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default:
      let shown = String(decoding: raw, as: UTF8.self)
      throw failure("<real>\(shown)</real> is not a valid number", at: contentOffset(raw))
    }
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` (UTC; the year may have any number of digits and a `-`), with
  /// nothing around it; out-of-range fields add up as in CF (`XMLDateFields`).
  func parseDate(_ raw: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistDate {
    // The text as a string only for a message (making it cost a date 2,000 instructions).
    var shown: String { String(decoding: raw, as: UTF8.self) }
    guard let f = Self.isoDateFields(raw[...]) else {
      throw failure(
        "<date>\(shown)</date> is not a date of the form YYYY-MM-DDTHH:MM:SSZ",
        at: contentOffset(raw))
    }
    guard
      let date = XMLDateFields.date(
        year: f.year, month: f.month, day: f.day, hour: f.hour, minute: f.minute,
        second: f.second)
    else {
      throw failure(
        "<date>\(shown)</date> has a month outside 01–13 or a year beyond ±1000000000",
        at: contentOffset(raw))
    }
    return date
  }

  /// The fields of `[-]Y…Y-MM-DDTHH:MM:SSZ`, as written (a month of 14 stays 14).
  static func isoDateFields(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> PlistDate.Components? {
    var rest = text[...]
    let negative = rest.first == UInt8(ascii: "-")
    if negative { rest = rest.dropFirst() }
    let yearDigits = rest.prefix(while: ASCII.isDigit)
    guard !yearDigits.isEmpty else { return nil }
    rest = rest.dropFirst(yearDigits.count)
    // What follows the year: `-MM-DDTHH:MM:SSZ`, two digits wherever the shape has a 0.
    let shape: StaticString = "-00-00T00:00:00Z"
    guard rest.count == shape.utf8CodeUnitCount else { return nil }
    let start = rest.startIndex
    for offset in 0..<shape.utf8CodeUnitCount {
      let expected = shape.utf8Start[offset]
      let b = rest[start + offset]
      guard expected == UInt8(ascii: "0") ? ASCII.isDigit(b) : b == expected else { return nil }
    }
    func field(_ offset: Int) -> Int {
      Int(rest[start + offset] - 0x30) * 10 + Int(rest[start + offset + 1] - 0x30)
    }
    // A year too long for 64 bits is as far out of range as one above the limit.
    let magnitude = PlistInteger.magnitude(digits: yearDigits, radix: 10) ?? .max
    let year = Int64(clamping: magnitude)
    return PlistDate.Components(
      year: negative ? -year : year, month: field(1), day: field(4), hour: field(7),
      minute: field(10), second: field(13))
  }

  private func contentOffset(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = raw.baseAddress, let origin = text.baseAddress else { return pos }
    return base - origin
  }
}

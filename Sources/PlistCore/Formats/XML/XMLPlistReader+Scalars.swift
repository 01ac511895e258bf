// MARK: - <integer>, <real>, <date>

extension XMLPlistReader {
  /// Decimal or `0x` hexadecimal, optional sign, surrounding white space allowed; the value
  /// must lie in −2^63 … 2^64−1.
  func parseInteger(_ raw: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistInteger {
    var digits = Self.trimmed(raw)
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
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

  /// A decimal real, or `nan`, `inf`, `infinity` with an optional sign, in any letter case.
  func parseReal(_ raw: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> Double {
    let body = Self.trimmed(raw)
    if !body.isEmpty, body.allSatisfy(DecimalReal.isRealByte),
      let value = DecimalReal.parse(UnsafeBufferPointer(rebasing: body))
    {
      return value
    }
    switch String(decoding: body, as: UTF8.self).lowercased() {
    case "nan": return .nan
    case "inf", "+inf", "infinity", "+infinity": return .infinity
    case "-inf", "-infinity": return -.infinity
    default:
      let shown = String(decoding: raw, as: UTF8.self)
      throw failure("<real>\(shown)</real> is not a valid number", at: contentOffset(raw))
    }
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` (UTC; the year may have any number of digits and a `-`), with
  /// every field in range.
  func parseDate(_ raw: UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistDate {
    let shown = String(decoding: raw, as: UTF8.self)
    guard let date = Self.isoDate(Self.trimmed(raw)) else {
      throw failure(
        "<date>\(shown)</date> is not a date of the form YYYY-MM-DDTHH:MM:SSZ",
        at: contentOffset(raw))
    }
    return date
  }

  static func isoDate(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> PlistDate? {
    var rest = text[...]
    let negative = rest.first == UInt8(ascii: "-")
    if negative { rest = rest.dropFirst() }
    let yearDigits = rest.prefix(while: ASCII.isDigit)
    guard (1...10).contains(yearDigits.count) else { return nil }
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
    guard var year = (PlistInteger.magnitude(digits: yearDigits, radix: 10).map { Int64($0) })
    else { return nil }
    if negative { year = -year }
    return PlistDate(
      PlistDate.Components(
        year: year, month: field(1), day: field(4), hour: field(7), minute: field(10),
        second: field(13)))
  }

  static func trimmed(_ raw: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
    var lower = raw.startIndex
    var upper = raw.endIndex
    while lower < upper, ASCII.isSpace(raw[lower]) { lower += 1 }
    while upper > lower, ASCII.isSpace(raw[upper - 1]) { upper -= 1 }
    return raw[lower..<upper]
  }

  private func contentOffset(_ raw: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = raw.baseAddress, let origin = text.baseAddress else { return pos }
    return base - origin
  }
}

/// The text forms plutil prints: `-extract … raw`, `-type`, and `-p`'s layout for people.
package enum PlutilText {
  /// The type words of `-type` and `-expect`: `bool`, `integer`, `float`, `string`, `date`,
  /// `data`, `array`, `dictionary`.
  package static func typeName(of value: PlistValue) -> String {
    switch value {
    case .boolean: return "bool"
    case .integer, .uid: return "integer"
    case .real: return "float"
    case .string: return "string"
    case .date: return "date"
    case .data: return "data"
    case .array: return "array"
    case .dictionary: return "dictionary"
    }
  }

  /// The words `-expect` takes.
  package static let typeNames = [
    "bool", "integer", "float", "string", "date", "data", "array", "dictionary",
  ]

  /// `-extract KEYPATH raw`: a scalar as text (a real with six decimals, a date as
  /// `2024-01-02T03:04:05Z`, data as base64), an array as its count, a dictionary as its keys
  /// one per line in plutil's order (`ordered(_:)`); no newline at the end.
  package static func raw(_ value: PlistValue) -> String {
    switch value {
    case .boolean(let flag): return flag ? "true" : "false"
    case .integer(let integer): return integer.description
    case .uid(let uid): return String(uid)
    case .real(let real): return Platform.fixedPoint(real, decimals: 6)
    case .string(let text): return text
    case .date(let date): return iso8601(date)
    case .data(let data): return Base64.encode(data.bytes)
    case .array(let items): return String(items.count)
    case .dictionary(let dictionary): return ordered(dictionary.keys).joined(separator: "\n")
    }
  }

  /// `-p`: the value in plutil's layout for people (`"key" => value`, two spaces a level).
  package static func pretty(_ value: PlistValue) -> String {
    var out = ""
    appendPretty(value, depth: 1, to: &out)
    return out + "\n"
  }

  private static func appendPretty(_ value: PlistValue, depth: Int, to out: inout String) {
    let indent = String(repeating: "  ", count: depth)
    let closing = String(repeating: "  ", count: depth - 1)
    switch value {
    case .dictionary(let dictionary):
      out += "{\n"
      for key in ordered(dictionary.keys) {
        out += indent + "\"" + key + "\" => "
        appendPretty(dictionary[key] ?? .string(""), depth: depth + 1, to: &out)
        out += "\n"
      }
      out += closing + "}"
    case .array(let items):
      out += "[\n"
      for (index, item) in items.enumerated() {
        out += indent + String(index) + " => "
        appendPretty(item, depth: depth + 1, to: &out)
        out += "\n"
      }
      out += closing + "]"
    case .string(let text): out += "\"" + text + "\""
    case .boolean(let flag): out += flag ? "true" : "false"
    case .integer(let integer): out += integer.description
    case .uid(let uid): out += "<CFKeyedArchiverUID>{value = \(uid)}"
    case .real(let real):
      out += String(decoding: RealFormatting.format(real, precision: 16), as: UTF8.self)
    case .date(let date): out += DateFormatting.description(date)
    case .data(let data): out += dataDescription(data.bytes)
    }
  }

  /// Data as Foundation describes it: `{length = 4, bytes = 0x0a0b0c0d}`; past 24 bytes, the
  /// first 16 and the last 8 in groups of four, with `...` between.
  static func dataDescription(_ bytes: [UInt8]) -> String {
    func hex(_ slice: ArraySlice<UInt8>) -> String {
      var text = ""
      for byte in slice {
        let digits = String(byte, radix: 16)
        text += (digits.count == 1 ? "0" : "") + digits
      }
      return text
    }
    var shown: String
    if bytes.count > 24 {
      let head = stride(from: 0, to: 16, by: 4).map { hex(bytes[$0..<($0 + 4)]) }
      let tailStart = bytes.count - 8
      let tail = [hex(bytes[tailStart..<(tailStart + 4)]), hex(bytes[(tailStart + 4)...])]
      shown = head.joined(separator: " ") + " ... " + tail.joined(separator: " ")
    } else {
      shown = hex(bytes[...])
    }
    return "{length = \(bytes.count), bytes = 0x\(shown)}"
  }

  /// `2024-01-02T03:04:05Z`, seconds rounded down.
  static func iso8601(_ date: PlistDate) -> String {
    let out = ByteOutput()
    guard DateFormatting.appendISO8601(date, to: out) else {
      return String(date.secondsSinceReferenceDate)
    }
    return String(decoding: out.finish(), as: UTF8.self)
  }

  /// Keys in the order plutil lists them (raw dictionaries, `-p`, Swift and Objective-C
  /// source): Foundation's numeric, case-insensitive comparison — runs of digits compare by
  /// their value, letters regardless of case — with plain code-point order to break ties.
  package static func ordered(_ keys: [String]) -> [String] {
    keys.sorted { precedes($0, $1) }
  }

  /// Whether `a` comes before `b` in `ordered(_:)`'s order.
  static func precedes(_ a: String, _ b: String) -> Bool {
    let x = Array(a.unicodeScalars)
    let y = Array(b.unicodeScalars)
    var i = 0
    var j = 0
    while i < x.count && j < y.count {
      if isDigit(x[i]) && isDigit(y[j]) {
        let startI = i
        let startJ = j
        while i < x.count && isDigit(x[i]) { i += 1 }
        while j < y.count && isDigit(y[j]) { j += 1 }
        let left = x[startI..<i].drop { $0 == "0" }
        let right = y[startJ..<j].drop { $0 == "0" }
        if left.count != right.count { return left.count < right.count }
        for (p, q) in zip(left, right) where p != q { return p.value < q.value }
        continue
      }
      let p = folded(x[i])
      let q = folded(y[j])
      if p != q { return p < q }
      i += 1
      j += 1
    }
    if (x.count - i) != (y.count - j) { return (x.count - i) < (y.count - j) }
    return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// A character's value with ASCII letters in lower case.
  private static func folded(_ scalar: Unicode.Scalar) -> UInt32 {
    ("A"..."Z").contains(scalar) ? scalar.value + 32 : scalar.value
  }
}

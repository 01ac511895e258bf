extension WriteArguments {
  /// What macOS `defaults` stores for a type flag's argument that `parse` refuses, so that a
  /// refusal can say it: `-int` reads the argument as `longLongValue` does (blanks skipped, a
  /// sign, then digits up to the first other character: `0.02` and `abc` are 0, `12abc` is
  /// 12; out of range saturates), `-float` as `floatValue` does (the longest decimal number
  /// at the start, through a 32-bit float; nothing is 0). Nil for the flags `defaults` refuses
  /// too (`-bool`, `-date`, `-data`), and for a float that overflows.
  ///
  /// - Parameters:
  ///   - flag: The type flag, in any letter case.
  ///   - argument: Its argument.
  /// - Returns: The value `defaults` stores.
  package static func storedByDefaults(_ flag: String, _ argument: String) -> PlistValue? {
    var text = Substring(argument).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    switch flag.lowercased() {
    case "-int", "-integer":
      let negative = text.first == "-"
      if text.first == "-" || text.first == "+" { text = text.dropFirst() }
      var magnitude: UInt64 = 0
      for character in text {
        guard let digit = character.wholeNumberValue, character.isASCII else { break }
        let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        let (plus, carry) = times.addingReportingOverflow(UInt64(digit))
        magnitude = overflow || carry ? .max : plus
      }
      let limit = UInt64(Int64.max)
      if negative { return .integer(PlistInteger(magnitude > limit ? .min : -Int64(magnitude))) }
      return .integer(PlistInteger(Int64(min(magnitude, limit))))
    case "-float":
      let number = leadingDecimal(text)
      guard let value = number.isEmpty ? 0 : Float(number), value.isFinite else { return nil }
      return .real(Double(value))
    default:
      return nil
    }
  }

  /// The longest decimal number at the start of the text: a sign, digits with at most one
  /// point, and an exponent when digits follow it.
  private static func leadingDecimal(_ text: Substring) -> Substring {
    let bytes = Array(text.utf8)
    var index = 0
    func digits() -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      index += 1
    }
    var count = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      count += digits()
    }
    guard count > 0 else { return "" }
    var end = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
      {
        index += 1
      }
      if digits() > 0 { end = index }
    }
    return Substring(decoding: bytes[..<end], as: UTF8.self)
  }
}

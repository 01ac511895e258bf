/// Values written for people: in a Settings screen, in a finding, in a refusal.
extension PlistValue {
  /// A value as a Settings screen shows it: strings as they are, numbers plainly (`1`,
  /// `0.25`), booleans as YES/NO as plist editors show them, dates as `read` prints them.
  var displayText: String {
    switch self {
    case .string(let text): return text
    case .integer(let number): return number.description
    case .real(let number): return number.compactText
    case .boolean(let flag): return flag ? "YES" : "NO"
    case .date(let date): return DateFormatting.description(date)
    case .data(let data): return "<\(data.count) bytes>"
    case .array(let items): return "(" + items.map(\.displayText).joined(separator: ", ") + ")"
    case .dictionary(let dictionary):
      return "{\(dictionary.count) \(dictionary.count == 1 ? "key" : "keys")}"
    case .uid(let uid): return "UID \(uid)"
    }
  }

  /// `displayText`, with strings in double quotes.
  var quotedText: String {
    if case .string(let text) = self { return "\"" + text + "\"" }
    return displayText
  }

  /// The value as `write` takes it: `-int 3`, `-float 0.5`, `-bool true`, `"text"`.
  package var writeArgument: String {
    switch self {
    case .string(let text): return "\"" + text + "\""
    case .integer(let number): return "-int \(number)"
    case .real(let number): return "-float \(number.compactText)"
    case .boolean(let flag): return "-bool \(flag)"
    case .date(let date): return "-date '\(DateFormatting.description(date))'"
    default: return displayText
    }
  }
}

extension Double {
  /// The number without a needless `.0`: `1`, `0.25`, `1e+20`.
  var compactText: String {
    if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
    return "\(self)"
  }
}

/// PlistBuddy's types (`string`, `array`, `dict`, `bool`, `real`, `integer`, `date`, `data`)
/// and how a typed value becomes one.
package enum BuddyType: String, Sendable, CaseIterable {
  case string, array, dict, bool, real, integer, date, data

  /// A type word, in any case (`String`, `INTEGER`).
  package init?(word: String) {
    self.init(rawValue: word.lowercased())
  }

  /// The type of an existing value (what `Set` keeps).
  init(of value: PlistValue) {
    switch value {
    case .string: self = .string
    case .array: self = .array
    case .dictionary: self = .dict
    case .boolean: self = .bool
    case .real: self = .real
    case .integer, .uid: self = .integer
    case .date: self = .date
    case .data: self = .data
    }
  }

  /// Why a value's text does not make a value of its type; `description` is PlistBuddy's
  /// line (`Unrecognized Integer Format`).
  package enum Unrecognized: Error, Equatable, CustomStringConvertible {
    case integer, real, date

    package var description: String {
      switch self {
      case .integer: return "Unrecognized Integer Format"
      case .real: return "Unrecognized Real Format"
      case .date: return "Unrecognized Date Format"
      }
    }
  }

  /// A value of this type from its text: a bool is true for `yes`, `true` or `1` in any case
  /// and false otherwise; an integer's text may have a fraction, which is dropped; data is the
  /// text's own bytes; a date is PlistBuddy's own form, `Mon Jan 01 00:00:00 UTC 2024` (the
  /// zone word may be left out; local time unless it is `UTC` or `GMT`), or ISO 8601. An
  /// empty integer or real is 0; containers are made empty.
  ///
  /// - Throws: `Unrecognized` for an integer, real or date that does not read.
  package func value(_ text: String) throws(Unrecognized) -> PlistValue {
    switch self {
    case .string: return .string(text)
    case .array: return .array([])
    case .dict: return .dictionary(PlistDictionary())
    case .bool: return .boolean(["yes", "true", "1"].contains(text.lowercased()))
    case .data: return .data(PlistData(Array(text.utf8)))
    case .integer:
      if text.isEmpty { return .integer(PlistInteger(0)) }
      if let integer = PlistInteger(decimal: text) { return .integer(integer) }
      guard Self.isDecimal(text), let real = Double(text), real.magnitude < 9.2e18 else {
        throw .integer
      }
      return .integer(PlistInteger(Int64(real)))
    case .real:
      if text.isEmpty { return .real(0) }
      guard Self.isDecimal(text), let real = Double(text) else { throw .real }
      return .real(real)
    case .date:
      guard let date = Self.date(text) ?? DateParsing.parse(text) else { throw .date }
      return .date(date)
    }
  }

  /// A decimal number as people type one (`-3`, `2.5`, `1.5e2`): not Swift's hexadecimal
  /// (`0x10`), `inf` or `nan`, which `Double` would also read.
  private static func isDecimal(_ text: String) -> Bool {
    text.utf8.allSatisfy { byte in
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "+-.eE".utf8.contains(byte)
    }
  }

  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]
  private static let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  /// `Mon Jan 01 00:00:00 UTC 2024` or `Mon Jan 01 00:00:00 2024` (anything may follow).
  static func date(_ text: String) -> PlistDate? {
    let words = text.split(separator: " ").map(String.init)
    guard words.count >= 5, weekdays.contains(words[0].lowercased()),
      let month = months.firstIndex(of: words[1].lowercased()), let day = Int(words[2])
    else { return nil }
    let clock = words[3].split(separator: ":").compactMap { Int($0) }
    guard clock.count == 3 else { return nil }
    var zone: String?
    var yearWord = words[4]
    if Int(yearWord) == nil {
      guard words.count >= 6 else { return nil }
      zone = words[4].uppercased()
      yearWord = words[5]
    }
    guard let year = Int(yearWord), abs(year) <= 1_000_000_000, (1...31).contains(day),
      (0...23).contains(clock[0]),
      (0...59).contains(clock[1]), (0...60).contains(clock[2])
    else { return nil }
    if zone == "UTC" || zone == "GMT" {
      return PlistDate(
        PlistDate.Components(
          year: Int64(year), month: month + 1, day: day, hour: clock[0], minute: clock[1],
          second: clock[2]))
    }
    guard
      let seconds = Platform.localSeconds(
        year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1],
        second: clock[2])
    else { return nil }
    return PlistDate(secondsSince1970: Double(seconds))
  }
}

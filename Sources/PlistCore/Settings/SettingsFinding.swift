/// One thing wrong with a Settings bundle: the file, the place in it as a key path
/// (`:PreferenceSpecifiers:3:DefaultValue`), the element's `Key` when it has one, and what is
/// wrong.
public struct SettingsFinding: Sendable, Equatable, CustomStringConvertible {
  /// What is wrong. Each case carries the facts; `description` words them.
  public enum Problem: Sendable, Equatable {
    /// The file cannot be read or parsed (the error's own line).
    case unreadable(String)
    /// The plist's root is not a dictionary with a `PreferenceSpecifiers` array.
    case notAPane
    /// An element is not a dictionary.
    case notAnElement
    /// An element lacks a key its type requires.
    case missingKey(String, type: String)
    /// A `Type` neither Apple nor InAppSettingsKit defines.
    case unknownType(String)
    /// A key that does not belong to the element's type.
    case strayKey(String, type: String)
    /// A key holds a value of the wrong type (`IsSecure` as a string).
    case wrongType(String, expected: PlistType, found: PlistType)
    /// A string-valued key holds a word outside its set (`KeyboardType` = `Numbers`).
    case unknownWord(String, value: String)
    /// `Titles` (or `ShortTitles`) does not label `Values` one for one.
    case countMismatch(String, count: Int, values: Int)
    /// The default is not among `Values`.
    case defaultNotAmongValues(PlistValue)
    /// A toggle's default is neither its `TrueValue` nor its `FalseValue`.
    case defaultNotOnOrOff(PlistValue)
    /// A toggle's `TrueValue` equals its `FalseValue`.
    case sameOnAndOff
    /// A slider's `MinimumValue` is above its `MaximumValue`.
    case emptyRange(minimum: Double, maximum: Double)
    /// A slider's default lies outside `[MinimumValue, MaximumValue]`.
    case defaultOutOfRange(Double, minimum: Double, maximum: Double)
    /// The default is not of the type the element stores.
    case wrongDefaultType(expected: PlistType, found: PlistType)
    /// The `Key` was already declared by an earlier element (`file`, `keyPath`); this one wins.
    case duplicateKey(earlier: String)
    /// A child pane's `File` names no plist in the bundle.
    case missingChildPane(String)
    /// A child pane's `File` leads outside the bundle.
    case childPaneOutsideBundle(String)
    /// A child pane leads back to a pane that contains it (the chain of pane names).
    case childPaneCycle([String])
    /// Child panes nest deeper than the limit.
    case childPanesTooDeep(limit: Int)
    /// A text is not in a language's strings table (`en.lproj/Root.strings`).
    case missingTranslation(String, table: String)
    /// A language lacks the strings table the pane uses.
    case missingStringsTable(String)

    /// Whether the finding is about a whole file that gave nothing to show (it does not
    /// parse, or is not a pane), rather than about a place in it.
    var isFileUnusable: Bool {
      switch self {
      case .unreadable, .notAPane: return true
      default: return false
      }
    }
  }

  /// The file, as a path inside the bundle (`Complete.plist`, `de.lproj/Root.strings`).
  public let file: String
  /// Where in the file (`:PreferenceSpecifiers:4:Values`); empty for the whole file.
  public let keyPath: String
  /// The element's `Key`, when it has one.
  public let key: String?
  /// What is wrong.
  public let problem: Problem

  /// A finding.
  ///
  /// - Parameters:
  ///   - file: The file inside the bundle.
  ///   - keyPath: The place in it.
  ///   - key: The element's `Key`.
  ///   - problem: What is wrong.
  init(file: String, keyPath: String = "", key: String? = nil, problem: Problem) {
    self.file = file
    self.keyPath = keyPath
    self.key = key
    self.problem = problem
  }

  /// `Complete.plist:PreferenceSpecifiers:12:DefaultValue (fruit2): the default "Fruit" is not
  /// one of Values`.
  public var description: String {
    var place = file
    if !keyPath.isEmpty { place += keyPath }
    if let key { place += " (\(key))" }
    return place + ": " + problem.description
  }
}

extension SettingsFinding.Problem: CustomStringConvertible {
  /// The problem in a few words.
  public var description: String {
    switch self {
    case .unreadable(let reason): return reason
    case .notAPane: return "not a Settings pane: the root needs a PreferenceSpecifiers array"
    case .notAnElement: return "an element that is not a dictionary"
    case .missingKey(let key, let type): return "\(type) needs \(key)"
    case .unknownType(let type): return "unknown Type '\(type)'"
    case .strayKey(let key, let type): return "'\(key)' does not belong to \(type)"
    case .wrongType(let key, let expected, let found):
      return "\(key) is \(found.withArticle), not \(expected.withArticle)"
    case .unknownWord(let key, let value): return "\(key) '\(value)' is not a known value"
    case .countMismatch(let key, let count, let values):
      return "\(count) \(key) for \(values) Values"
    case .defaultNotAmongValues(let value):
      return "the default \(value.quotedText) is not one of Values"
    case .defaultNotOnOrOff(let value):
      return "the default \(value.quotedText) is neither TrueValue nor FalseValue"
    case .sameOnAndOff: return "TrueValue and FalseValue are the same"
    case .emptyRange(let minimum, let maximum):
      return "MinimumValue \(minimum.compactText) is above MaximumValue \(maximum.compactText)"
    case .defaultOutOfRange(let value, let minimum, let maximum):
      return
        "the default \(value.compactText) is outside \(minimum.compactText)…\(maximum.compactText)"
    case .wrongDefaultType(let expected, let found):
      return "the default is \(found.withArticle), not \(expected.withArticle)"
    case .duplicateKey(let earlier): return "the key is also declared at \(earlier); this one wins"
    case .missingChildPane(let file): return "child pane '\(file)' has no \(file).plist"
    case .childPaneOutsideBundle(let file): return "child pane '\(file)' leads outside the bundle"
    case .childPaneCycle(let chain):
      return "child pane cycle: " + chain.joined(separator: " → ") + " (not followed)"
    case .childPanesTooDeep(let limit):
      return "child panes nest deeper than \(limit) levels (not followed)"
    case .missingTranslation(let text, let table): return "\"\(text)\" is not in \(table)"
    case .missingStringsTable(let table): return "no \(table)"
    }
  }
}

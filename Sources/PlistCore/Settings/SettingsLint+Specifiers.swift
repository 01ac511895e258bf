/// The rules for one element, by its type: Apple's *Settings Application Schema Reference*
/// for the `PS…` types, InAppSettingsKit's documentation for its own.
enum SpecifierRules {
  /// The keys a type requires besides `Type`.
  static func required(_ kind: SettingsSpecifier.Kind) -> [String] {
    switch kind {
    case .textField, .textView, .datePicker, .listGroup, .customView: return ["Key"]
    case .toggle: return ["Title", "Key", "DefaultValue"]
    case .slider: return ["Key", "DefaultValue", "MinimumValue", "MaximumValue"]
    case .multiValue: return ["Title", "Key", "DefaultValue", "Values", "Titles"]
    case .radioGroup: return ["Key", "DefaultValue", "Values", "Titles"]
    case .titleValue: return ["Key", "DefaultValue"]
    case .childPane: return ["Title", "File"]
    default: return []
    }
  }

  /// The keys a `PS…` type may have besides `Type`, `Title`, `Key`,
  /// `SupportedUserInterfaceIdioms` and InAppSettingsKit's `IASK…` keys; nil when the type's
  /// keys are not checked (InAppSettingsKit's own types, unknown types).
  static func allowed(_ kind: SettingsSpecifier.Kind) -> Set<String>? {
    switch kind {
    case .group: return ["FooterText"]
    case .textField:
      return [
        "DefaultValue", "IsSecure", "KeyboardType", "AutocapitalizationType", "AutocorrectionType",
      ]
    case .toggle: return ["DefaultValue", "TrueValue", "FalseValue"]
    case .slider:
      return [
        "DefaultValue", "MinimumValue", "MaximumValue", "MinimumValueImage", "MaximumValueImage",
      ]
    // FooterText and IconNames on a multi-value are InAppSettingsKit's.
    case .multiValue:
      return [
        "DefaultValue", "Values", "Titles", "ShortTitles", "DisplaySortedByTitle", "FooterText",
        "IconNames",
      ]
    case .radioGroup:
      return ["DefaultValue", "Values", "Titles", "FooterText", "DisplaySortedByTitle"]
    case .titleValue: return ["DefaultValue", "Values", "Titles"]
    case .childPane: return ["File"]
    default: return nil
    }
  }

  /// The words a string-valued key may hold (InAppSettingsKit's additions included).
  static let words: [String: Set<String>] = [
    "KeyboardType": [
      "Alphabet", "NumbersAndPunctuation", "NumberPad", "URL", "EmailAddress", "DecimalPad",
      "PhonePad", "NamePhonePad", "AsciiCapable",
    ],
    "AutocapitalizationType": ["None", "Sentences", "Words", "AllCharacters"],
    "AutocorrectionType": ["Default", "No", "Yes"],
    "DatePickerMode": ["Date", "Time", "DateAndTime"],
    "DatePickerStyle": ["Compact", "Wheels", "Inline"],
  ]

  /// The type each key must hold, wherever it appears.
  static let types: [String: PlistType] = [
    "Type": .string, "Title": .string, "Key": .string, "FooterText": .string, "File": .string,
    "StringsTable": .string, "IsSecure": .boolean, "DisplaySortedByTitle": .boolean,
    "Values": .array, "Titles": .array, "ShortTitles": .array,
    "SupportedUserInterfaceIdioms": .array, "KeyboardType": .string,
    "AutocapitalizationType": .string, "AutocorrectionType": .string,
    "MinimumValueImage": .string, "MaximumValueImage": .string,
  ]

  /// The findings for one element.
  static func check(_ specifier: SettingsSpecifier, in file: String) -> [SettingsFinding] {
    var findings: [SettingsFinding] = []
    let place = ":PreferenceSpecifiers:\(specifier.index)"
    func report(_ field: String?, _ problem: SettingsFinding.Problem) {
      findings.append(
        SettingsFinding(
          file: file, keyPath: field.map { place + ":" + $0 } ?? place, key: specifier.key,
          problem: problem))
    }
    let fields = specifier.fields
    let type = specifier.kind.typeName
    switch specifier.kind {
    case .untyped: report(nil, .missingKey("Type", type: "an element"))
    case .unknown(let name): report("Type", .unknownType(name))
    default: break
    }
    for key in required(specifier.kind) where fields[key] == nil {
      // InAppSettingsKit shows some child panes with a view controller, not a plist.
      if key == "File", fields["IASKViewControllerClass"] ?? fields["IASKSegueIdentifier"] != nil {
        continue
      }
      report(nil, .missingKey(key, type: type))
    }
    if let allowed = allowed(specifier.kind) {
      let everywhere: Set<String> = ["Type", "Title", "Key", "SupportedUserInterfaceIdioms"]
      for key in fields.keys
      where !allowed.contains(key) && !everywhere.contains(key) && !key.hasPrefix("IASK") {
        report(key, .strayKey(key, type: type))
      }
    }
    for (key, value) in fields {
      if let expected = types[key], value.type != expected {
        report(key, .wrongType(key, expected: expected, found: value.type))
      } else if let allowedWords = words[key], let word = value.stringValue,
        !allowedWords.contains(word)
      {
        report(key, .unknownWord(key, value: word))
      }
    }
    for (index, idiom) in (fields["SupportedUserInterfaceIdioms"]?.arrayValue ?? []).enumerated()
    where idiom != "Phone" && idiom != "Pad" {
      report(
        "SupportedUserInterfaceIdioms:\(index)", .unknownWord("idiom", value: idiom.displayText))
    }
    labelCounts(specifier, report: report)
    checkDefault(specifier, report: report)
    return findings
  }

  /// `Titles` and `ShortTitles` must label `Values` one for one.
  private static func labelCounts(
    _ specifier: SettingsSpecifier, report: (String?, SettingsFinding.Problem) -> Void
  ) {
    guard let values = specifier.values else { return }
    for (field, labels) in [("Titles", specifier.titles), ("ShortTitles", specifier.shortTitles)] {
      if let labels, labels.count != values.count {
        report(field, .countMismatch(field, count: labels.count, values: values.count))
      }
    }
  }

  /// The default must be something the element can hold.
  private static func checkDefault(
    _ specifier: SettingsSpecifier, report: (String?, SettingsFinding.Problem) -> Void
  ) {
    let constraint = SettingsKey.constraint(of: specifier)
    if case .toggle(let on, let off) = constraint, on.isSameSetting(as: off) {
      report("TrueValue", .sameOnAndOff)
    }
    if case .range(let minimum, let maximum) = constraint, minimum > maximum {
      report("MinimumValue", .emptyRange(minimum: minimum, maximum: maximum))
    }
    for field in ["MinimumValue", "MaximumValue"] {
      if let bound = specifier.fields[field], bound.settingsNumber == nil {
        report(field, .wrongType(field, expected: .real, found: bound.type))
      }
    }
    guard let value = specifier.defaultValue else { return }
    // A title value's Values only label what the app stores; a default among them is all
    // there is to check.
    if specifier.kind == .titleValue {
      if let values = specifier.values, !values.contains(where: value.isSameSetting) {
        report("DefaultValue", .defaultNotAmongValues(value))
      }
      return
    }
    switch constraint {
    case .toggle where !constraint.allows(value): report("DefaultValue", .defaultNotOnOrOff(value))
    case .range(let minimum, let maximum):
      guard let number = value.settingsNumber else {
        return report("DefaultValue", .wrongDefaultType(expected: .real, found: value.type))
      }
      if minimum <= maximum, !constraint.allows(value) {
        report("DefaultValue", .defaultOutOfRange(number, minimum: minimum, maximum: maximum))
      }
    case .choice where !constraint.allows(value):
      report("DefaultValue", .defaultNotAmongValues(value))
    case .text, .date, .list:
      if let expected = constraint.storedType, value.type != expected {
        report("DefaultValue", .wrongDefaultType(expected: expected, found: value.type))
      }
    default: break
    }
  }
}

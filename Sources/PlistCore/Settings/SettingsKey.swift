/// One key as a Settings bundle declares it: what it allows, its factory default, and where
/// and how it is shown.
public struct SettingsKey: Sendable {
  /// The defaults key.
  public let key: String
  /// The element that declares it.
  public let specifier: SettingsSpecifier
  /// What it may hold.
  public let constraint: SettingsConstraint
  /// The pane it is shown in (its name).
  public let pane: String
  /// The pane's plist inside the bundle, for messages.
  public let file: String
  /// Its title, translated (nil for elements shown without one, such as sliders).
  public let title: String?
  /// The header of the group it is in, translated.
  public let group: String?
  /// The labels of its choices, translated, one per `SettingsConstraint.choice` entry.
  public let choiceTitles: [String]

  /// The factory default, if the element declares one.
  public var defaultValue: PlistValue? { specifier.defaultValue }
  /// Whether what it holds is a secret (a secure text field), masked unless asked for.
  public var isSecure: Bool { specifier.kind == .textField && specifier.isSecure }
  /// Whether the key may hold a value: what its element allows, and always its own factory
  /// default (a toggle's `"NO"` is what the app registers even where it is neither
  /// `TrueValue` nor `FalseValue`; lint reports that), compared as the Settings app compares.
  ///
  /// - Parameter value: A candidate value.
  /// - Returns: Whether it is allowed.
  public func allows(_ value: PlistValue) -> Bool {
    constraint.allows(value) || defaultValue?.isSameSetting(as: value) == true
  }

  /// Whether the Settings app lets the user change it (title values are the app's to write).
  public var isEditable: Bool { specifier.kind.isEditable }

  init(specifier: SettingsSpecifier, key: String, pane: SettingsPane, group: String?) {
    self.key = key
    self.specifier = specifier
    self.pane = pane.name
    self.file = pane.file
    self.group = group
    title = specifier.title.map(pane.localized)
    constraint = Self.constraint(of: specifier)
    if case .choice(let choices) = constraint {
      choiceTitles = choices.map { choice in
        choice.title.map(pane.localized(label:)) ?? choice.value.displayText
      }
    } else {
      choiceTitles = []
    }
  }

  /// What the element allows, by its type (Apple's schema; InAppSettingsKit's for its own).
  static func constraint(of specifier: SettingsSpecifier) -> SettingsConstraint {
    let fields = specifier.fields
    switch specifier.kind {
    case .toggle:
      return .toggle(on: fields["TrueValue"] ?? true, off: fields["FalseValue"] ?? false)
    case .slider:
      return .range(
        minimum: fields["MinimumValue"]?.settingsNumber ?? -.infinity,
        maximum: fields["MaximumValue"]?.settingsNumber ?? .infinity)
    case .multiValue, .radioGroup:
      guard let values = specifier.values, !values.isEmpty else { return .any }
      let titles = specifier.titles ?? []
      let shortTitles = specifier.shortTitles ?? []
      return .choice(
        values.enumerated().map { index, value in
          SettingsChoice(
            value: value, title: index < titles.count ? titles[index] : nil,
            shortTitle: index < shortTitles.count ? shortTitles[index] : nil)
        })
    case .textField, .textView: return .text
    case .datePicker: return .date
    case .listGroup: return .list
    default: return .any
    }
  }
}

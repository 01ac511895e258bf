/// One element of a Settings pane's `PreferenceSpecifiers`: its type, and the dictionary it
/// was read from, kept whole so that keys this reader does not know (InAppSettingsKit's, an
/// app's own) survive for lint and for whoever renders it.
public struct SettingsSpecifier: Sendable, Equatable {
  /// The element types Apple's Settings schema and InAppSettingsKit define.
  public enum Kind: Sendable, Hashable {
    /// `PSGroupSpecifier`: a section's heading and footer text.
    case group
    /// `PSTextFieldSpecifier`: a string typed in (secure, keyboard, autocapitalization).
    case textField
    /// `PSToggleSwitchSpecifier`: on or off, with its own `TrueValue`/`FalseValue`.
    case toggle
    /// `PSSliderSpecifier`: a number between `MinimumValue` and `MaximumValue`.
    case slider
    /// `PSMultiValueSpecifier`: one of `Values`, shown by `Titles` on a screen of its own.
    case multiValue
    /// `PSRadioGroupSpecifier`: one of `Values`, shown in place.
    case radioGroup
    /// `PSTitleValueSpecifier`: a value shown, not edited (by `Titles` when it has them).
    case titleValue
    /// `PSChildPaneSpecifier`: a link to another pane of the bundle (`File`).
    case childPane
    /// InAppSettingsKit's multi-line text field.
    case textView
    /// InAppSettingsKit's date picker (stores a date).
    case datePicker
    /// InAppSettingsKit's variable-length list (stores an array).
    case listGroup
    /// InAppSettingsKit's elements that act rather than hold a value, or whose cell the app
    /// draws: buttons, links, mail composers, custom views.
    case button, openURL, mailCompose, customView
    /// A `Type` neither defines, kept with its name.
    case unknown(String)
    /// No `Type` string at all.
    case untyped

    /// The kind a `Type` string names.
    init(type: String?) {
      guard let type else {
        self = .untyped
        return
      }
      self = Self.byName[type] ?? .unknown(type)
    }

    /// The `Type` string (empty for `untyped`).
    public var typeName: String {
      switch self {
      case .unknown(let name): return name
      case .untyped: return ""
      default: return Self.byName.first { $0.value == self }?.key ?? ""
      }
    }

    private static let byName: [String: Kind] = [
      "PSGroupSpecifier": .group, "PSTextFieldSpecifier": .textField,
      "PSToggleSwitchSpecifier": .toggle, "PSSliderSpecifier": .slider,
      "PSMultiValueSpecifier": .multiValue, "PSRadioGroupSpecifier": .radioGroup,
      "PSTitleValueSpecifier": .titleValue, "PSChildPaneSpecifier": .childPane,
      "IASKTextViewSpecifier": .textView, "IASKDatePickerSpecifier": .datePicker,
      "IASKListGroupSpecifier": .listGroup, "IASKButtonSpecifier": .button,
      "IASKOpenURLSpecifier": .openURL, "IASKMailComposeSpecifier": .mailCompose,
      "IASKCustomViewSpecifier": .customView,
    ]

    /// Whether the element stores a value under its `Key` that the user edits, and so has a
    /// factory default (InAppSettingsKit's "editable" set: title values and groups are not).
    public var isEditable: Bool {
      switch self {
      case .toggle, .multiValue, .radioGroup, .slider, .textField, .textView, .customView,
        .datePicker:
        return true
      default: return false
      }
    }

    /// Whether the element shows a stored value under its `Key` (editable or read-only).
    public var holdsValue: Bool { isEditable || self == .titleValue || self == .listGroup }
  }

  /// The element's type.
  public let kind: Kind
  /// The element's dictionary as written.
  public let fields: PlistDictionary
  /// Its index in `PreferenceSpecifiers`.
  public let index: Int

  /// Reads one element.
  ///
  /// - Parameters:
  ///   - fields: The element's dictionary.
  ///   - index: Its index in `PreferenceSpecifiers`.
  init(fields: PlistDictionary, index: Int) {
    self.fields = fields
    self.index = index
    kind = Kind(type: fields["Type"]?.stringValue)
  }

  /// The defaults key the element shows or edits.
  public var key: String? { fields["Key"]?.stringValue }
  /// The title as written (look it up in the pane's strings table to show it).
  public var title: String? { fields["Title"]?.stringValue }
  /// A group's or radio group's footer, as written.
  public var footer: String? { fields["FooterText"]?.stringValue }
  /// The factory default, if one is declared.
  public var defaultValue: PlistValue? { fields["DefaultValue"] }
  /// A child pane's `File`: the pane's plist name, without `.plist`.
  public var file: String? { fields["File"]?.stringValue }
  /// Whether a text field hides what is typed.
  public var isSecure: Bool { fields["IsSecure"]?.boolValue ?? false }
  /// `Values` of a multi-value, radio group or title value.
  public var values: [PlistValue]? { fields["Values"]?.arrayValue }
  /// `Titles`, labelling `Values` one for one.
  public var titles: [PlistValue]? { fields["Titles"]?.arrayValue }
  /// `ShortTitles`, the labels shown beside a multi-value's title.
  public var shortTitles: [PlistValue]? { fields["ShortTitles"]?.arrayValue }
}

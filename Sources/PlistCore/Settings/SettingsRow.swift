/// One line of a Settings screen, as the iOS Settings app lays a pane out: group headers and
/// footers, and a row per element with its title and the value it shows. `settings show` prints
/// these rows; `settings edit` draws them and acts on them.
package struct SettingsRow: Sendable {
  /// What the row is.
  package enum Kind: Sendable, Equatable {
    /// A group's (or radio group's) header.
    case header
    /// A group's footer: text under the group.
    case footer
    /// A switch: `value` is `ON` or `OFF`.
    case toggle
    /// A multi-value: opens a page of choices.
    case multiValue
    /// One choice of a radio group, shown inline: `isChecked` marks the current one.
    case radioOption(choice: Int, isChecked: Bool)
    /// A slider.
    case slider
    /// A text field or text view.
    case textField
    /// A date picker.
    case date
    /// A value shown, not edited (title values, list groups).
    case readOnly
    /// A child pane: opens the pane named.
    case childPane(String)
    /// An element this app cannot act on (buttons, links, custom views, a child pane that
    /// leads nowhere): shown dimmed.
    case inert
  }

  /// What the row is.
  package let kind: Kind
  /// The title, translated.
  package let title: String
  /// The value as shown (empty for headers, footers and child panes).
  package let value: String
  /// The element's key, when it holds a value.
  let key: String?
  /// Whether the value shown is the factory default (the domain does not set the key).
  package let isDefault: Bool
  /// The element the row shows (nil for a footer).
  let specifier: SettingsSpecifier?

  /// Whether the user can change the row's value, or enter it.
  var isActionable: Bool {
    switch kind {
    case .toggle, .multiValue, .radioOption, .slider, .textField, .childPane: return true
    case .date: return true
    default: return false
    }
  }
}

extension SettingsSchema {
  /// The rows of a pane with the values a domain holds.
  ///
  /// - Parameters:
  ///   - pane: The pane.
  ///   - showSecrets: Show secure text fields' values instead of dots.
  ///   - value: The effective value of a key and whether it comes from the schema's
  ///     defaults (rather than a layer the user or app set), or nil when unset everywhere.
  /// - Returns: The rows, top to bottom.
  package func rows(
    of pane: SettingsPane, showSecrets: Bool = false,
    value: (String) -> (value: PlistValue, isDefault: Bool)?
  ) -> [SettingsRow] {
    var rows: [SettingsRow] = []
    // A group's footer goes under its last element: held until the next group starts.
    var footer: SettingsRow?
    func endGroup() {
      if let held = footer { rows.append(held) }
      footer = nil
    }
    for specifier in pane.specifiers {
      let title = specifier.title.map(pane.localized) ?? ""
      let key = specifier.key
      let entry = key.flatMap { self[$0] }
      // A title value the app has not written shows its DefaultValue, as Settings does.
      let current =
        key.flatMap(value)
        ?? (specifier.kind == .titleValue ? specifier.defaultValue.map { ($0, true) } : nil)
      func row(_ kind: SettingsRow.Kind, _ shown: String) -> SettingsRow {
        SettingsRow(
          kind: kind, title: title, value: shown, key: key, isDefault: current?.isDefault ?? true,
          specifier: specifier)
      }
      switch specifier.kind {
      case .group:
        endGroup()
        rows.append(row(.header, ""))
        footer = specifier.footer.map { footerRow($0, pane: pane) }
        continue
      case .radioGroup:
        endGroup()
        rows.append(row(.header, ""))
        let choices = entry.map(\.choiceTitles) ?? []
        let checked = current.flatMap { entry?.constraint.choiceIndex(of: $0.value) }
        for (index, label) in choices.enumerated() {
          rows.append(
            SettingsRow(
              kind: .radioOption(choice: index, isChecked: index == checked),
              title: label, value: "", key: key, isDefault: current?.isDefault ?? true,
              specifier: specifier))
        }
        if let footer = specifier.footer { rows.append(footerRow(footer, pane: pane)) }
        continue
      case .childPane:
        if let child = bundle.childPane(of: specifier, in: pane) {
          rows.append(row(.childPane(child.name), ""))
        } else {
          rows.append(row(.inert, ""))
        }
        continue
      default: break
      }
      let shown = current.map { display($0.value, for: entry, showSecrets: showSecrets) } ?? ""
      switch specifier.kind {
      case .toggle: rows.append(row(.toggle, shown))
      case .multiValue: rows.append(row(.multiValue, shown))
      case .slider:
        // A slider has no title in the Settings app: its track is the row.
        let track = title.isEmpty ? Self.track(current?.value, entry?.constraint) : title
        rows.append(
          SettingsRow(
            kind: .slider, title: track, value: shown, key: key,
            isDefault: current?.isDefault ?? true, specifier: specifier))
      case .textField, .textView: rows.append(row(.textField, shown))
      case .datePicker: rows.append(row(.date, shown))
      case .titleValue, .listGroup: rows.append(row(.readOnly, shown))
      default: rows.append(row(.inert, ""))
      }
    }
    endGroup()
    return rows
  }

  /// A slider's track with its knob where the value lies: `────●──────`.
  static func track(_ value: PlistValue?, _ constraint: SettingsConstraint?) -> String {
    let width = 20
    guard case .range(let minimum, let maximum)? = constraint, minimum < maximum,
      minimum.isFinite, maximum.isFinite, let number = value?.settingsNumber
    else { return String(repeating: "─", count: width) }
    let fraction = min(1, max(0, (number - minimum) / (maximum - minimum)))
    let knob = Int((fraction * Double(width - 1)).rounded())
    return String(repeating: "─", count: knob) + "●"
      + String(repeating: "─", count: width - 1 - knob)
  }

  private func footerRow(_ text: String, pane: SettingsPane) -> SettingsRow {
    SettingsRow(
      kind: .footer, title: pane.localized(text), value: "", key: nil, isDefault: true,
      specifier: nil)
  }

  /// A value as its row shows it: a toggle as ON/OFF, a choice by its (short) title, a
  /// title value by its label, a secret as dots.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - entry: The key's entry in the schema, if it has one.
  ///   - showSecrets: Show a secret instead of dots.
  /// - Returns: The text.
  package func display(_ value: PlistValue, for entry: SettingsKey?, showSecrets: Bool = false)
    -> String
  {
    guard let entry else { return value.displayText }
    if entry.isSecure && !showSecrets {
      return String(repeating: "•", count: min(value.displayText.count, 12))
    }
    switch entry.constraint {
    case .toggle(let on, let off):
      if let isOn = value.toggleState(on: on, off: off) { return isOn ? "ON" : "OFF" }
    case .choice(let choices):
      if let index = entry.constraint.choiceIndex(of: value) {
        let pane = bundle.pane(named: entry.pane)
        if let short = choices[index].shortTitle, let pane { return pane.localized(label: short) }
        return entry.choiceTitles[index]
      }
    default:
      // A title value maps stored values to labels with Values/Titles.
      if let values = entry.specifier.values, let titles = entry.specifier.titles,
        let index = values.firstIndex(where: value.isSameSetting), index < titles.count,
        let pane = bundle.pane(named: entry.pane)
      {
        return pane.localized(label: titles[index])
      }
    }
    return value.displayText
  }
}

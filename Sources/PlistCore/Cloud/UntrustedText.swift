/// Text another machine wrote (git's messages relaying a remote's, a key, a file name), made
/// safe to show: every control character — C0, DEL, C1 — becomes a visible `\u{…}` escape,
/// so it can neither move the cursor, set the clipboard (OSC 52), nor forge a line.
enum UntrustedText {
  /// The text with its control characters escaped.
  static func escaped(_ text: String) -> String {
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value)
    }
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u{" + hex + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

// MARK: - Escape sequences: CSI (`ESC [`) and SS3 (`ESC O`)

extension KeyDecoder {
  enum EscapeSequence: Equatable {
    /// A sequence of `length` bytes, and the key it is (nil: not a key we know).
    case key(TerminalKey?, length: Int)
    /// The read ended inside the sequence.
    case incomplete
  }

  /// An unfinished sequence longer than this is no key: it is dropped rather than kept.
  static let longestSequence = 32

  /// The sequence that starts with the ESC at `start`.
  static func escapeSequence(in input: [UInt8], at start: Int) -> EscapeSequence {
    guard start + 1 < input.count else { return .key(.escape, length: 1) }
    switch input[start + 1] {
    case UInt8(ascii: "["):
      return controlSequence(in: input, at: start)
    case UInt8(ascii: "O"):
      guard start + 2 < input.count else { return .incomplete }
      return .key(singleShiftKey(input[start + 2]), length: 3)
    default:
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [`, parameter and intermediate bytes (0x20–0x3F), a final byte (0x40–0x7E).
  private static func controlSequence(in input: [UInt8], at start: Int) -> EscapeSequence {
    var index = start + 2
    while index < input.count {
      switch input[index] {
      case 0x20...0x3F:
        index += 1
      case 0x40...0x7E:
        let key = controlSequenceKey(input[(start + 2)..<index], final: input[index])
        return .key(key, length: index - start + 1)
      default:
        // Malformed: dropped, and decoding goes on at the stray byte.
        return .key(nil, length: index - start)
      }
    }
    return index - start < longestSequence ? .incomplete : .key(nil, length: index - start)
  }

  /// The key of a CSI sequence: `ESC [ A` … `ESC [ D`, `H`, `F`, `Z`, and `ESC [ n ~`.
  /// Modifier parameters (`ESC [ 1 ; 5 C`, Ctrl-Right) are read past.
  static func controlSequenceKey(_ parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalKey? {
    // A private marker (`<`, `=`, `>`, `?`) starts a report or a mouse event, not a key.
    if let first = parameters.first, first >= 0x3C { return nil }
    switch final {
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"): break
    default: return cursorKey(final)
    }
    let digits = parameters.prefix { $0 != UInt8(ascii: ";") }
    switch Int(String(decoding: digits, as: UTF8.self)) {
    case 1, 7: return .home
    case 3: return .delete
    case 4, 8: return .end
    case 5: return .pageUp
    case 6: return .pageDown
    default: return nil
    }
  }

  /// The key of an SS3 sequence (the cursor keys in application mode): `ESC O A` etc.
  static func singleShiftKey(_ final: UInt8) -> TerminalKey? {
    final == UInt8(ascii: "M") ? .enter : cursorKey(final)
  }

  /// The cursor keys both kinds of sequence end with: `A` … `D`, `H`, `F`.
  private static func cursorKey(_ final: UInt8) -> TerminalKey? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    default: return nil
    }
  }

}

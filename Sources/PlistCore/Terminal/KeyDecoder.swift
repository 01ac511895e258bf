/// Turns the bytes a terminal sends into keys, read by read. Bytes that stop in the middle of
/// a key (a UTF-8 character or an escape sequence split across two reads) wait for the next.
///
/// **A lone ESC at the end of a read is the Escape key.** A terminal writes each key's
/// sequence in one `write`, so an ESC that ends a read was typed on its own: it is decoded at
/// once, with no delay to wait for more. (Over a slow link a sequence may arrive split; its
/// rest then reads as characters, which is the price of an Escape key without lag.) An ESC
/// followed by anything but `[` or `O` is Escape too, and the byte after it decodes as usual
/// (so Alt-x, which terminals send as ESC x, reads as Escape, `x`). An unfinished `ESC [` or
/// `ESC O` sequence does wait for the next read.
struct KeyDecoder: Sendable {
  /// The start of a key whose bytes have not all arrived.
  private var pending: [UInt8] = []

  /// A decoder with nothing pending.
  init() {}

  /// Whether bytes of an unfinished key are waiting for the next read.
  var hasPending: Bool { !pending.isEmpty }

  /// Decodes one read's bytes, after any left pending by the previous one.
  ///
  /// - Parameter bytes: What the read returned.
  /// - Returns: The keys, in order. Bytes that are no key (an unknown sequence, a stray
  ///   continuation byte, NUL) are skipped.
  mutating func decode(_ bytes: [UInt8]) -> [TerminalKey] {
    let input = pending + bytes
    pending = []
    var keys: [TerminalKey] = []
    var text: [UInt8] = []
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte >= 0x20 && byte != 0x7F {
        // Printable: gathered, so that a run of text becomes grapheme clusters.
        switch byte < 0x80 ? .complete(1) : Self.utf8Sequence(in: input, at: index) {
        case .complete(let length):
          text += input[index..<(index + length)]
          index += length
        case .incomplete:
          pending = Array(input[index...])
          index = input.count
        case .invalid:
          index += 1
        }
        continue
      }
      Self.appendCharacters(&text, to: &keys)
      guard byte == 0x1B else {
        if let key = Self.controlKey(byte) { keys.append(key) }
        index += 1
        continue
      }
      switch Self.escapeSequence(in: input, at: index) {
      case .key(let key, let length):
        if let key { keys.append(key) }
        index += length
      case .incomplete:
        pending = Array(input[index...])
        index = input.count
      }
    }
    Self.appendCharacters(&text, to: &keys)
    return keys
  }

  // MARK: - Control bytes and text

  /// The key a C0 control byte or DEL is, if any.
  static func controlKey(_ byte: UInt8) -> TerminalKey? {
    switch byte {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x08, 0x7F: return .backspace
    case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
    default: return nil
    }
  }

  /// Turns gathered text into one key per grapheme cluster, leaving out C1 controls.
  private static func appendCharacters(_ text: inout [UInt8], to keys: inout [TerminalKey]) {
    guard !text.isEmpty else { return }
    for character in String(decoding: text, as: UTF8.self) {
      if let first = character.unicodeScalars.first, (0x80...0x9F).contains(first.value) {
        continue
      }
      keys.append(.character(character))
    }
    text.removeAll(keepingCapacity: true)
  }

  enum UTF8Sequence: Equatable {
    case complete(Int)
    case incomplete
    case invalid
  }

  /// Whether a multi-byte UTF-8 character starts at `start`, and its length.
  static func utf8Sequence(in input: [UInt8], at start: Int) -> UTF8Sequence {
    let length: Int
    switch input[start] {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .invalid
    }
    let available = min(length, input.count - start)
    for offset in 1..<available where !(0x80...0xBF).contains(input[start + offset]) {
      return .invalid
    }
    guard available == length else { return .incomplete }
    let valid = String(validating: input[start..<(start + length)], as: UTF8.self) != nil
    return valid ? .complete(length) : .invalid
  }
}

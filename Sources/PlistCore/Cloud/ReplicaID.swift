/// The identity of one machine's replica of the stores: 128 random bits as 32 lowercase hex
/// digits, made once and kept in plistctl's state directory. It names the replica's file in
/// every store and breaks ties between writes with equal clocks.
public struct ReplicaID: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The 32 hex digits.
  public let text: String

  /// An id from its text; nil unless it is 32 lowercase hex digits.
  init?(_ text: String) {
    guard text.utf8.count == 32, text.utf8.allSatisfy(Self.isHexDigit) else { return nil }
    self.text = text
  }

  /// A new random id.
  static func random() -> ReplicaID {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in Platform.randomBytes(16) {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xf)])
    }
    return ReplicaID(validated: String(decoding: text, as: UTF8.self))
  }

  private init(validated text: String) { self.text = text }

  /// Ordered by their text (the tie-break of equal clocks).
  public static func < (a: ReplicaID, b: ReplicaID) -> Bool { a.text < b.text }

  /// The 32 hex digits.
  public var description: String { text }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
  }
}

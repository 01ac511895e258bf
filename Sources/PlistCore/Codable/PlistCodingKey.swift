/// The coding keys the encoder and decoder make up themselves, spelled as Foundation spells
/// them in coding paths: `Index 3` (with `intValue` 3) for an array element, `super` for a
/// superclass, and a dictionary's own keys.
struct PlistCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }

  /// The key of an array element.
  init(index: Int) {
    stringValue = "Index \(index)"
    intValue = index
  }

  /// The key `superEncoder()` and `superDecoder()` use.
  static let `super` = PlistCodingKey(stringValue: "super")
}

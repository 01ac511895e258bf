/// A string object's characters where they lie (in a file, in the writer's pool): ASCII
/// bytes or big-endian UTF-16 units, compared as the units they are (`KeyOrder.compare`)
/// and matched against UTF-8 with no `String` made. The one comparison of binary keys for
/// the key-order walk, the compact storage's key lists, the canonical domain and the one-key
/// look-up.
struct BinaryText {
  /// Where the characters start, and how many there are (bytes of ASCII, UTF-16 units).
  let characters: UnsafePointer<UInt8>
  let count: Int
  let isUTF16: Bool

  /// The `count` characters at `characters` of `bytes`, a string object's whose marker is
  /// `marker` (`0x5n` ASCII, `0x6n` UTF-16), checked to lie inside them.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, characters: Int, count: Int, marker: UInt8) {
    // Inside the buffer, which is then not empty.
    self.characters = bytes.baseAddress.unsafelyUnwrapped + characters
    self.count = count
    isUTF16 = marker >> 4 == 0x6
  }

  /// The characters of the string object (`0x5n` or `0x6n`) at `start` of bytes already
  /// checked.
  @inline(__always)
  init(objectAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let header = BinaryCountHeader(checked: bytes, at: start)
    self.init(bytes, characters: header.payload, count: Int(header.count), marker: bytes[start])
  }

  /// The bytes that hold the characters.
  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: characters, count: (isUTF16 ? 2 : 1) * count)
  }

  /// Four units from `first` on, high first, padded with zeros past the end.
  @inline(__always)
  func units(_ first: Int) -> UInt64 {
    var packed: UInt64 = 0
    for index in first..<(first + 4) {
      packed = packed << 16 | UInt64(index < count ? unit(index) : 0)
    }
    return packed
  }

  /// Negative, zero or positive as this text sorts before, equal to or after `other`, the
  /// first `known` units of both known to be equal.
  @inline(__always)
  func compare(_ other: BinaryText, known: Int = 0) -> Int {
    // Big-endian units compare as their bytes do, high byte first, and ASCII as its units;
    // then the shorter first. (Skipping the `known` bytes cost more than comparing them.)
    if isUTF16 == other.isUTF16 { return Platform.compareBytes(bytes, other.bytes) }
    for index in known..<max(known, min(count, other.count)) {
      let (a, b) = (unit(index), other.unit(index))
      if a != b { return Int(a) - Int(b) }
    }
    return count - other.count
  }

  /// Whether the text is `key`.
  func equals(_ key: String) -> Bool {
    var key = key
    return key.withUTF8 { equals(utf8: $0) }
  }

  /// Whether the text is the characters of `utf8`.
  func equals(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard isUTF16 else { return Platform.bytesEqual(utf8, bytes) }
    // At least one byte of UTF-8 per unit, so a longer string cannot be equal.
    guard count <= utf8.count else { return false }
    var transcoded: [UInt8] = []
    transcoded.reserveCapacity(utf8.count)
    _ = UTF16BigEndian.appendUTF8(bytes, to: &transcoded)
    return transcoded.elementsEqual(utf8)
  }

  /// The text as a `String`, for an error's path.
  var string: String {
    guard isUTF16 else { return String(decoding: bytes, as: UTF8.self) }
    var utf8: [UInt8] = []
    _ = UTF16BigEndian.appendUTF8(bytes, to: &utf8)
    return String(decoding: utf8, as: UTF8.self)
  }

  @inline(__always)
  private func unit(_ index: Int) -> UInt16 {
    guard isUTF16 else { return UInt16(characters[index]) }
    return UInt16(characters[2 * index]) << 8 | UInt16(characters[2 * index + 1])
  }
}

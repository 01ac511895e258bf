/// Builds `bplist00` files object by object, in any shape (shared containers, chains, objects
/// nothing refers to), for tests of what the readers refuse: references two bytes wide, so
/// a file may hold thousands of objects, and offsets four.
struct BinaryFileBuilder {
  private var objects: [[UInt8]] = []

  /// Adds an object's bytes; returns its index.
  @discardableResult
  mutating func add(_ object: [UInt8]) -> Int {
    objects.append(object)
    return objects.count - 1
  }

  /// An ASCII string object.
  mutating func string(_ text: String) -> Int {
    add(Self.header(0x50, count: text.utf8.count) + Array(text.utf8))
  }

  /// A UTF-16 string object, even for ASCII text (as some writers store it).
  mutating func utf16String(_ text: String) -> Int {
    add(
      Self.header(0x60, count: text.utf16.count)
        + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
  }

  mutating func array(_ items: [Int]) -> Int {
    add(Self.header(0xA0, count: items.count) + items.flatMap { Self.bigEndian($0, width: 2) })
  }

  mutating func dictionary(keys: [Int], values: [Int]) -> Int {
    add(
      Self.header(0xD0, count: keys.count)
        + (keys + values).flatMap { Self.bigEndian($0, width: 2) })
  }

  /// A data object of `count` zero bytes (padding, when nothing refers to it).
  mutating func data(count: Int) -> Int {
    add(Self.header(0x40, count: count) + [UInt8](repeating: 0, count: count))
  }

  /// The file with object `top` as its root, and where each object starts in it.
  func file(top: Int) -> (bytes: [UInt8], offsets: [Int]) {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    bytes += offsets.flatMap { Self.bigEndian($0, width: 4) }
    bytes += [0, 0, 0, 0, 0, 0, 4, 2] + Self.bigEndian(objects.count, width: 8)
    bytes += Self.bigEndian(top, width: 8) + Self.bigEndian(table, width: 8)
    return (bytes, offsets)
  }

  /// A marker with its count: in the low nibble below 15, else as a two-byte integer.
  static func header(_ marker: UInt8, count: Int) -> [UInt8] {
    count < 15 ? [marker | UInt8(count)] : [marker | 0x0F, 0x11] + bigEndian(count, width: 2)
  }

  static func bigEndian(_ value: Int, width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - $0))) }
  }
}

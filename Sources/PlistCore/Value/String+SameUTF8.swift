extension String {
  /// Whether two strings have the same UTF-8 bytes: plist equality, which (unlike Swift's
  /// `==`) does not treat canonically equivalent strings as equal.
  func hasSameUTF8(as other: String) -> Bool {
    var a = self
    var b = other
    return a.withUTF8 { x in b.withUTF8 { y in Self.sameBytes(x, y) } }
  }

  /// Compares eight bytes at a time, the last word overlapping the one before it (and, for
  /// short strings, two overlapping four-byte halves); the same storage is equal at once.
  @inline(__always)
  private static func sameBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    let count = x.count
    guard count == y.count else { return false }
    if x.baseAddress == y.baseAddress { return true }
    let a = UnsafeRawBufferPointer(x)
    let b = UnsafeRawBufferPointer(y)
    func same<Word: FixedWidthInteger>(_ offset: Int, _: Word.Type) -> Bool {
      a.loadUnaligned(fromByteOffset: offset, as: Word.self)
        == b.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
    if count >= 8 {
      var offset = 0
      while offset < count - 8 {
        if !same(offset, UInt64.self) { return false }
        offset += 8
      }
      return same(count - 8, UInt64.self)
    }
    if count >= 4 { return same(0, UInt32.self) && same(count - 4, UInt32.self) }
    var offset = 0
    while offset < count {
      if x[offset] != y[offset] { return false }
      offset += 1
    }
    return true
  }
}

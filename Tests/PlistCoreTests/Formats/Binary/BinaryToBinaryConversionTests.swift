import Testing

@testable import PlistCore

/// `FileAccess.convert` rewrites binary as binary without the tree (`BinaryToBinaryConverter`):
/// it must write exactly the bytes that decoding and encoding write, and refuse exactly what
/// the tree refuses, with the same message.
@Suite("Binary to binary without the tree")
struct BinaryToBinaryConversionTests {
  /// The converter's own output, or nil when its first pass does not take the file.
  static func direct(_ bytes: [UInt8]) -> [UInt8]? {
    bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
      guard var converter = try? BinaryToBinaryConverter(buffer) else { return nil }
      let out = ByteOutput()
      guard (try? converter.writeObjects(to: out)) != nil else { return nil }
      return out.finish()
    }
  }

  /// The tree's bytes, or nil when the tree refuses the file.
  static func tree(_ bytes: [UInt8]) -> [UInt8]? {
    try? PropertyList.encode(PropertyList.decode(bytes, as: .binary), as: .binary)
  }

  /// The file through `FileAccess.convert` and through the tree: the same bytes, or the same
  /// error.
  static func expectSameAsTheTree(
    _ bytes: [UInt8], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let converted = try StreamingConversionTests.convert(bytes, to: .binary)
    let tree = StreamingConversionTests.throughTree(bytes, to: .binary, compact: false)
    #expect(converted.output == tree.output, comment, sourceLocation: sourceLocation)
    #expect(
      StreamingConversionTests.describe(converted.error) == tree.error, comment,
      sourceLocation: sourceLocation)
  }

  @Test("damaged files: the tree's bytes or the tree's error")
  func damaged() throws {
    var inputs: [[UInt8]] = []
    for seed in 0..<8 {
      var generator = ValueGenerator(seed: UInt64(1300 + seed))
      let value = generator.dictionary(depth: 3)
      inputs.append(try PropertyList.encode(value, as: .binary))
      inputs.append(ScrambledBinary.file(value, seed: UInt64(seed)))
    }
    var random = SplitMix(12)
    for (n, bytes) in inputs.enumerated() {
      for _ in 0..<25 {
        var copy = bytes
        copy[Int(random.next() % UInt64(copy.count))] ^= UInt8(1 + random.next() % 255)
        if let direct = Self.direct(copy) { #expect(direct == Self.tree(copy), "input \(n)") }
        try Self.expectSameAsTheTree(copy, "input \(n)")
      }
    }
  }

  @Test("nesting to the limit converts; one level more is the tree's error")
  func nesting() throws {
    let atLimit = DepthLimitTests.input(.binary, levels: DepthLimitTests.limit)
    #expect(Self.direct(atLimit) == Self.tree(atLimit))
    #expect(Self.direct(atLimit) != nil)
    try Self.expectSameAsTheTree(atLimit)
    try Self.expectSameAsTheTree(DepthLimitTests.input(.binary, levels: DepthLimitTests.limit + 1))
  }

  @Test("shared containers unfold as in the tree; a bomb is refused by the budget")
  func sharing() throws {
    // 6 arrays, each holding the next twice, around `true`: 127 values, 64 of them `true`.
    var objects: [[UInt8]] = (0..<6).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x09])
    let small = MalformedInputTests.binary(objects)
    #expect(Self.direct(small) != nil)
    #expect(Self.direct(small) == Self.tree(small))
    try Self.expectSameAsTheTree(small)
    objects = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x09])
    let bomb = MalformedInputTests.binary(objects)
    #expect(Self.direct(bomb) == nil)
    try Self.expectSameAsTheTree(bomb)
  }

  @Test("repeated keys: the last wins; a broken replaced value is the tree's error")
  func repeatedKeys() throws {
    // { "b": 1, "a": 2, "b": 3 }, then the same with a set as the replaced value.
    let repeated = MalformedInputTests.binary([
      [0xD3, 1, 2, 1, 3, 4, 5], [0x51, 0x62], [0x51, 0x61], [0x10, 1], [0x10, 2], [0x10, 3],
    ])
    #expect(Self.direct(repeated) != nil)
    try Self.expectSameAsTheTree(repeated)
    let broken = MalformedInputTests.binary([
      [0xD3, 1, 2, 1, 3, 4, 5], [0x51, 0x62], [0x51, 0x61], [0xC0], [0x10, 2], [0x10, 3],
    ])
    #expect(Self.direct(broken) == nil)
    try Self.expectSameAsTheTree(broken)
  }

  @Test("equal scalars in other encodings are one object; 1, 1.0 and true stay three")
  func canonicalEncodings() throws {
    // [1 (1 byte), 1 (8 bytes), "a" (ASCII), "a" (UTF-16), 1.0 (float32), 1.0, true, 1 (16 bytes)]
    let bytes = MalformedInputTests.binary([
      [0xA8, 1, 2, 3, 4, 5, 6, 7, 8], [0x10, 1], [0x13, 0, 0, 0, 0, 0, 0, 0, 1], [0x51, 0x61],
      [0x61, 0, 0x61], [0x22, 0x3F, 0x80, 0, 0], [0x23, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0], [0x09],
      [0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    ])
    let direct = try #require(Self.direct(bytes))
    #expect(direct == Self.tree(bytes))
    let trailer = direct.suffix(32)
    #expect(trailer[trailer.startIndex + 15] == 5, "array, 1, \"a\", 1.0, true")
  }
}

import Testing

@testable import PlistCore

/// `FileAccess.convert` reads JSON into a binary image (`JSONImageVisitor`) and converts from
/// that without a tree: the image must read as the JSON reads, and the conversion must give
/// the tree's bytes, or the tree's error, on every path.
@Suite("JSON input through a binary image")
struct JSONImageConversionTests {
  /// The value's exact bits (binary keeps -0.0 apart from 0.0, which `==` does not).
  static func bits(_ value: PlistValue) -> [UInt8]? {
    try? PropertyList.encode(value, as: .binary)
  }

  /// The image reads as the JSON reads, or neither reads.
  static func expectImageReadsAsTheText(
    _ text: [UInt8], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    TextImageChecks.expectImageReadsAsTheText(
      text, image: { (buffer) throws(PlistParseError) in try JSONImageVisitor.image(of: buffer) },
      read: { (buffer) throws(PlistParseError) in try JSONPlistReader.read(buffer) }, comment,
      sourceLocation: sourceLocation)
  }

  /// Every output format (JSON pretty and compact): the same bytes or error as the tree.
  static func expectSameAsTheTree(_ text: [UInt8], _ comment: Comment? = nil) throws {
    for format in [PlistFormat.xml, .binary, .json, .openStep] {
      for compact in format == .json ? [false, true] : [false] {
        let converted = try StreamingConversionTests.convert(text, to: format, compact: compact)
        let tree = StreamingConversionTests.throughTree(text, to: format, compact: compact)
        #expect(converted.output == tree.output, comment)
        #expect(StreamingConversionTests.describe(converted.error) == tree.error, comment)
      }
    }
  }

  @Test("hand-written texts: repeated keys, nulls, numbers at the edges, encodings")
  func edges() throws {
    let texts = [
      #"{"b": 1, "a": 2, "b": 3}"#, #"{"a": {"x": 1}, "a": [1, "x", -0.0]}"#, "{}", "[]",
      #"{"k": null}"#, "[1, 2,]", #"{"a" 1}"#, #"{"a": 1} x"#, "", "   ", "[", #"{"a":"#,
      "[18446744073709551615, -9223372036854775808, 18446744073709551616, 1e400, -0, 0.5e-3]",
      #"["\u00e9\ud83d\ude00", "\ud800", "a\u0000b", "\/\\\"\b\f\n\r\t"]"#,
      #"{"CF$UID": 1}"#, #"{"a" = 1;}"#, "[true, false, tru]", "1", #""x""#,
    ]
    for text in texts {
      Self.expectImageReadsAsTheText(Array(text.utf8), "\(text)")
      try Self.expectSameAsTheTree(Array(text.utf8), "\(text)")
    }
    // With a byte order mark, and as UTF-16.
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"é": [1]}"#.utf8)
    let utf16: [UInt8] =
      [0xFF, 0xFE] + #"{"a": "é"}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    for text in [bom, utf16] {
      Self.expectImageReadsAsTheText(text)
      try Self.expectSameAsTheTree(text)
    }
  }

  @Test("nesting to the limit, and one level more")
  func nesting() throws {
    try TextImageChecks.expectNesting(open: "[", close: "]") {
      Self.expectImageReadsAsTheText($0, $1)
    }
  }
}

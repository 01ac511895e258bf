import Testing

@testable import PlistCore

/// `FileAccess.convert` reads OpenStep into a binary image (`OpenStepImageVisitor`) and
/// converts from that without a tree: the image must read as the text reads, and the
/// conversion must give the tree's bytes, or the tree's error, on every path.
@Suite("OpenStep input through a binary image")
struct OpenStepImageConversionTests {
  /// The image reads as `OpenStepReader` reads the text, or neither reads.
  static func expectImageReadsAsTheText(
    _ text: [UInt8], _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    // The reader itself (`PropertyList.decode` refuses an empty input before it).
    TextImageChecks.expectImageReadsAsTheText(
      text,
      image: { (buffer) throws(PlistParseError) in try OpenStepImageVisitor.image(of: buffer) },
      read: { (buffer) throws(PlistParseError) in try OpenStepReader.read(buffer) }, comment,
      sourceLocation: sourceLocation)
  }

  @Test("hand-written texts: .strings bodies, shorthand keys, comments, data, errors")
  func edges() throws {
    let texts = [
      "", "  // only a comment\n", "/* */", "a = b;", "\"a\" = \"b\"; c;", "a = b; a = c;",
      "{ b = 1; a = (x, y,); a = { k = <0f a0>; }; }", "(a, b", "{ a = b }", "( , )",
      "<0fa>", "<>", "'q\\'s' = \"\\U00e9\\n\";", "{ \"CF$UID\" = 1; }", "x y", "{a=b;}; c",
      "\"unterminated", "/* open", "( a, /* c */ b )", "{ k = ( { } ); }", "a = b",
    ]
    for text in texts {
      Self.expectImageReadsAsTheText(Array(text.utf8), "\(text)")
      try JSONImageConversionTests.expectSameAsTheTree(Array(text.utf8), "\(text)")
    }
  }

  @Test("nesting to the limit, and one level more")
  func nesting() throws {
    try TextImageChecks.expectNesting(open: "(", close: ")") {
      Self.expectImageReadsAsTheText($0, $1)
    }
  }
}

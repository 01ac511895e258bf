import Testing

@testable import PlistCore

/// What the JSON and OpenStep image tests check alike: the image a text becomes reads as the
/// format's reader reads the text, and the corpus converts through it as through the tree.
enum TextImageChecks {
  /// The image reads as `read` reads the text (to the bit), or both refuse it with the same
  /// error.
  static func expectImageReadsAsTheText(
    _ text: [UInt8],
    image make: (UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> [UInt8]?,
    read: (UnsafeBufferPointer<UInt8>) throws(PlistParseError) -> PlistValue, _ comment: Comment?,
    sourceLocation: SourceLocation
  ) {
    let made = text.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistParseError) in try make(buffer) }
    }
    let reading = text.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistParseError) in try read(buffer) }
    }
    if case .failure(let imageError) = made {
      guard case .failure(let readError) = reading else {
        Issue.record("the image refused what the reader reads", sourceLocation: sourceLocation)
        return
      }
      #expect(readError == imageError, comment, sourceLocation: sourceLocation)
      return
    }
    let value = try? reading.get()
    guard let image = try? made.get() else {
      Issue.record("the image outgrew 32-bit offsets", sourceLocation: sourceLocation)
      return
    }
    let fromImage = try? PropertyList.decode(image, as: .binary)
    #expect(fromImage != nil, comment, sourceLocation: sourceLocation)
    #expect(
      fromImage.flatMap(JSONImageConversionTests.bits)
        == value.flatMap(JSONImageConversionTests.bits),
      comment, sourceLocation: sourceLocation)
  }

  /// Containers nested to the limit, and one level more: read and converted as the tree does.
  static func expectNesting(
    open: String, close: String, readAsTheText: ([UInt8], Comment?) -> Void
  ) throws {
    for levels in [DepthLimitTests.limit, DepthLimitTests.limit + 1] {
      let text = Array(
        (String(repeating: open, count: levels) + String(repeating: close, count: levels)).utf8)
      readAsTheText(text, nil)
      try JSONImageConversionTests.expectSameAsTheTree(text)
    }
  }
}

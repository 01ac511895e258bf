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

  /// The corpus's own texts in a format (its manifest's name for it), and the texts `encode`
  /// makes of every corpus file's value (given the file's index, to vary the options).
  static func corpusTexts(format: String, encode: (Int, PlistValue) -> [[UInt8]]) throws
    -> [[UInt8]]
  {
    var texts: [[UInt8]] = []
    for (n, entry) in Fixtures.corpus.enumerated() {
      let bytes = try Fixtures.bytes("corpus/\(entry.file)")
      if entry.format == format { texts.append(bytes) }
      guard let value = try? PropertyList.decode(bytes).value else { continue }
      texts += encode(n, value)
    }
    return texts
  }

  /// Texts made from the corpus: each reads through its image as the reader reads it, and
  /// converts to every format as the tree does (the large ones to XML only: five conversions
  /// through a file each are slow in a debug build).
  static func expectCorpusTexts(
    _ texts: [[UInt8]], readAsTheText: ([UInt8], Comment?) -> Void
  ) throws {
    for (n, text) in texts.enumerated() {
      readAsTheText(text, "text \(n)")
      if text.count < 50_000 {
        try JSONImageConversionTests.expectSameAsTheTree(text, "text \(n)")
      } else {
        let converted = try StreamingConversionTests.convert(text, to: .xml)
        let tree = StreamingConversionTests.throughTree(text, to: .xml, compact: false)
        #expect(converted.output == tree.output, "text \(n)")
      }
    }
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

  /// Eight copies of each text with one byte replaced by one of `flips`: read and converted
  /// as the tree does (its bytes, or its error).
  static func expectDamagedCopies(
    of texts: [[UInt8]], flips: [UInt8], seed: UInt64,
    readAsTheText: ([UInt8], Comment?) -> Void
  ) throws {
    var random = SplitMix(seed)
    for (n, text) in texts.enumerated() where !text.isEmpty {
      for _ in 0..<8 {
        var copy = text
        copy[Int(random.next() % UInt64(copy.count))] =
          flips[Int(random.next() % UInt64(flips.count))]
        readAsTheText(copy, "text \(n)")
        try JSONImageConversionTests.expectSameAsTheTree(copy, "text \(n)")
      }
    }
  }
}

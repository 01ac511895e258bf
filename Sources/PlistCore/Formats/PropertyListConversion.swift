/// Which path converts a property list into a format, and the converting: the one place
/// that decides it, for `FileAccess`'s conversions into a file and into memory. No value tree
/// is built where a path without one exists: binary to XML, JSON and OpenStep stream from the
/// input's bytes (`BinaryStreamingConverter`), binary to binary walks the file's objects
/// (`BinaryToBinaryConverter`), XML to binary reads into flat storage (`CompactPlist`), and
/// JSON and OpenStep are read into a binary image first, which then takes the binary paths.
/// Every path refuses a bad input with the tree reader's error, naming the source.
enum PropertyListConversion {
  /// Where a conversion's bytes go: it is given what writes them into an output (a file's
  /// atomic replacement, or memory), and calls it once.
  typealias Output = (
    _ produce: (ByteOutput) throws(PlistError) -> Void
  ) throws(PlistError) -> Void

  /// The input of a conversion, held so that it can be let go of once the value is read:
  /// XML to binary peaked with the text, the tree and the writer's tables all in memory.
  final class Input {
    var bytes: [UInt8]
    init(_ bytes: consuming [UInt8]) { self.bytes = bytes }
  }

  /// The conversion: the path without a tree that the input and format have, else the tree.
  static func convert(
    _ input: Input, source: String, to format: PlistFormat,
    options: PropertyList.WriteOptions, exiting: Bool, into output: Output
  ) throws(PlistError) {
    var bytes = input.bytes
    var binaryInput = PlistFormat.detect(bytes) == .binary
    if !binaryInput, let image = textImage(bytes) {
      // The image reads as the text would: the text is not needed any more.
      input.bytes = []
      bytes = image
      binaryInput = true
    }
    if binaryInput, format == .binary {
      return try rewriteBinary(bytes, source: source, into: output)
    }
    guard format != .binary, binaryInput else {
      if format == .binary, let compact = try compactXML(bytes, source: source) {
        input.bytes = []
        _ = consume bytes
        try output { (out) throws(PlistError) in
          do throws(PlistEncodingError) { try CompactPlistWriter.write(compact, to: out) } catch {
            throw .encoding(error)
          }
        }
        return
      }
      let value: PlistValue
      do { value = try PropertyList.decode(bytes).value } catch {
        throw .parse(error, source: source)
      }
      // The text is not needed while the value is written.
      input.bytes = []
      _ = consume bytes
      try writeTree(value, as: format, options: options, exiting: exiting, into: output)
      return
    }
    // The walk checks the file as the tree reader does, and its errors are the tree's.
    try output { (out) throws(PlistError) in
      try bytes.withUnsafeBufferPointer { (buffer) throws(PlistError) in
        try converting(source: source) { () throws(StreamingConversionFailure) in
          switch format {
          case .xml: try BinaryToXMLConverter.convert(buffer, to: out)
          case .openStep: try BinaryToOpenStepConverter.convert(buffer, to: out)
          default:
            try BinaryToJSONConverter.convert(
              buffer, to: out, pretty: options.prettyJSON, fragments: options.jsonFragments)
          }
        }
      }
    }
  }

  /// A conversion without the tree, its failure named as the tree's conversion names it.
  private static func converting<T>(
    source: String, _ body: () throws(StreamingConversionFailure) -> T
  ) throws(PlistError) -> T {
    do { return try body() } catch {
      switch error {
      case .parse(let error): throw .parse(error, source: source)
      case .encoding(let error): throw .encoding(error)
      }
    }
  }

  /// The tree's conversion: `value` encoded into `output`.
  private static func writeTree(
    _ value: PlistValue, as format: PlistFormat, options: PropertyList.WriteOptions,
    exiting: Bool, into output: Output
  ) throws(PlistError) {
    if exiting { LeftForExit.keep(value) }
    try output { (out) throws(PlistError) in
      do throws(PlistEncodingError) {
        try PropertyList.encode(value, as: format, options: options, into: out)
      } catch {
        throw .encoding(error)
      }
    }
  }

  /// An OpenStep or JSON input as a binary image (`OpenStepImageVisitor`, `JSONImageVisitor`),
  /// which the converters that need no tree take; read as `PropertyList.decode` reads text
  /// that CoreFoundation's detection calls OpenStep: as OpenStep, or, when OpenStep refuses
  /// it and it starts as JSON does, as JSON. Nil when the input is neither (the tree then
  /// reads it or reports why not).
  private static func textImage(_ bytes: [UInt8]) -> [UInt8]? {
    bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
      guard !buffer.isEmpty, PlistFormat.detect(head: buffer) == .openStep else { return nil }
      if let image = (try? OpenStepImageVisitor.image(of: buffer)) ?? nil { return image }
      guard PropertyList.looksLikeJSON(buffer) else { return nil }
      return (try? JSONImageVisitor.image(of: buffer)) ?? nil
    }
  }

  /// Binary to binary without the tree (`BinaryToBinaryConverter`).
  private static func rewriteBinary(
    _ bytes: [UInt8], source: String, into output: Output
  ) throws(PlistError) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(PlistError) in
      var converter = try converting(source: source) { () throws(StreamingConversionFailure) in
        try BinaryToBinaryConverter(buffer)
      }
      try output { (out) throws(PlistError) in
        do throws(PlistParseError) { try converter.writeObjects(to: out) } catch {
          throw .parse(error, source: source)
        }
      }
    }
  }

  /// XML read for the binary writer without a value tree (`XMLCompactVisitor`), or nil for
  /// input that is not XML, or larger than the compact storage holds.
  private static func compactXML(_ bytes: [UInt8], source: String) throws(PlistError)
    -> CompactPlist?
  {
    guard PlistFormat.detect(bytes) == .xml else { return nil }
    return try bytes.withUnsafeBufferPointer { (buffer) throws(PlistError) in
      do throws(PlistParseError) {
        return try XMLPlistReader.readCompact(buffer)
      } catch {
        throw .parse(error, source: source)
      }
    }
  }
}

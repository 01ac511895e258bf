// Shared by the unit tests (`VisitorAgreementTests`) and the fuzzer, which compiles it with
// PlistCore's sources into one module (fuzz/run.sh), where there is no module to import.
#if canImport(PlistCore)
  @testable import PlistCore
#endif

/// Every visitor of a format's one walk against the tree, on the same input: each job gives
/// what reading the tree and doing the job on it gives — the same value, the same bytes — or
/// refuses with the tree reader's very error.
///
/// - every format: the one-key look-up (which detects the format);
/// - XML: XML to binary through the compact storage, and the one-key
///   write of a canonical domain (byte for byte against the full write);
/// - binary: the conversions that follow the key-order walk (to XML,
///   JSON, OpenStep and binary), and the one-key rewrite of a canonical binary domain;
/// - JSON and OpenStep: the binary image, and the binary conversions from it.
enum VisitorAgreement {
  /// What disagrees on `bytes` read as `format`.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - format: The format it is read as.
  ///   - keyWrites: Whether to check the one-key writes, a full write for each of a few
  ///     keys and values: seconds for a large file in a debug build.
  /// - Returns: A line for each disagreement; none when every visitor agrees.
  static func disagreements(_ bytes: [UInt8], as format: PlistFormat, keyWrites: Bool = true)
    -> [String]
  {
    var found: [String] = []
    let tree = Result { () throws(PlistParseError) in
      try PropertyList.decode(bytes, as: format)
    }
    // The look-up detects the format, as `read D K` does.
    lookUp(bytes, &found)
    switch format {
    case .xml:
      compactConversion(bytes, tree, &found)
      if keyWrites {
        oneKeyWrite(bytes, &found)
        binaryOneKeyWrite(bytes, &found)
      }
    case .binary:
      streaming(bytes, try? tree.get(), &found)
      if keyWrites { binaryOneKeyWrite(bytes, &found) }
    case .json, .openStep:
      textImage(bytes, try? tree.get(), format, &found)
    }
    return found
  }

  /// `PropertyList.lookUp(_:in:)` against a full read for a few keys: `""`, `Key`,
  /// `missing`, `extra`, the root dictionary's first `first` keys and its last.
  ///
  /// - Returns: How many look-ups were decided without a full read.
  @discardableResult
  static func lookUp(
    _ bytes: [UInt8], keys extra: [String] = [], first: Int = 1, _ found: inout [String]
  ) -> Int {
    guard !bytes.isEmpty else { return 0 }
    return bytes.withUnsafeBufferPointer { bytes in
      let full = Result { () throws(PlistParseError) in
        try PropertyList.decode(buffer: bytes, allowJSON: true).value
      }
      var keys = ["", "Key", "missing"] + extra
      if case .success(.dictionary(let dictionary)) = full {
        keys += dictionary.keys.prefix(first) + dictionary.keys.suffix(1)
      }
      var decided = 0
      for key in keys {
        let lazy = Result { () throws(PlistParseError) in try PropertyList.lookUp(key, in: bytes) }
        if case .success(.needsFullRead) = lazy { continue }
        decided += 1
        switch (full, lazy) {
        case (.failure(let error), .failure(let lazyError)) where lazyError == error: continue
        case (.success(let value), .success(let answer))
        where answer == TopLevelLookup(key: key, in: value):
          continue
        default: found.append("look-up of \(key) gave \(lazy), the full read \(full)")
        }
      }
      return decided
    }
  }

  /// XML to binary through the compact storage (`XMLCompactVisitor`, `CompactPlistWriter`):
  /// the tree path's bytes wherever the XML reader reads the input, its very error wherever
  /// it refuses.
  static func compactConversion(
    _ bytes: [UInt8], _ tree: Result<PlistValue, PlistParseError>, _ found: inout [String]
  ) {
    let compact = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistParseError) -> [UInt8]? in
        guard let plist = try XMLPlistReader.readCompact(buffer) else { return nil }
        let out = ByteOutput()
        // An encoding error (more objects than a file holds) cannot happen here; none
        // differs from the tree's bytes.
        guard (try? CompactPlistWriter.write(plist, to: out)) != nil else { return nil }
        return out.finish()
      }
    }
    switch (tree, compact) {
    case (.failure(let error), .failure(let compactError)) where compactError == error: return
    case (.success(let value), .success(let binary?))
    where binary == (try? PropertyList.encode(value, as: .binary)):
      return
    default: found.append("compact storage: \(compact), the tree: \(tree)")
    }
  }

  /// Binary to XML, JSON and OpenStep streamed from the bytes, and binary to binary without
  /// the tree (the key-order walk's visitors): the tree writer's bytes, or the tree reader's
  /// error for a file it refuses, or the tree writer's error for a value the format cannot
  /// hold.
  static func streaming(_ bytes: [UInt8], _ value: PlistValue?, _ found: inout [String]) {
    // `PropertyList.decode` refuses an empty input before the readers see it, and
    // `FileAccess.convert` never takes one for binary.
    guard !bytes.isEmpty else { return }
    bytes.withUnsafeBufferPointer { buffer in
      for format in [PlistFormat.xml, .json, .openStep, .binary] {
        let out = ByteOutput()
        let streamed = Result { () throws(StreamingConversionFailure) in
          switch format {
          case .xml: try BinaryToXMLConverter.convert(buffer, to: out)
          case .json: try BinaryToJSONConverter.convert(buffer, to: out)
          case .openStep: try BinaryToOpenStepConverter.convert(buffer, to: out)
          case .binary:
            var converter = try BinaryToBinaryConverter(buffer)
            // The file was checked: a failure here is a disagreement with the tree.
            do throws(PlistParseError) { try converter.writeObjects(to: out) } catch {
              throw .parse(error)
            }
          }
        }
        let expected = Result { () throws(StreamingConversionFailure) -> [UInt8] in
          // The value the caller read, or the tree reader's error.
          let tree: PlistValue
          if let value {
            tree = value
          } else {
            do throws(PlistParseError) {
              tree = try PropertyList.decode(bytes, as: .binary)
            } catch {
              throw .parse(error)
            }
          }
          do throws(PlistEncodingError) {
            return try PropertyList.encode(tree, as: format)
          } catch {
            throw .encoding(error)
          }
        }
        switch (streamed, expected) {
        case (.success, .success(let tree)) where out.finish() == tree: continue
        case (.failure(.parse(let walk)), .failure(.parse(let tree))) where walk == tree: continue
        case (.failure(.encoding(let walk)), .failure(.encoding(let tree))) where walk == tree:
          continue
        default:
          found.append("streamed \(format.name): \(streamed), the tree: \(expected)")
        }
      }
    }
  }

  /// A text's binary image (`JSONImageVisitor`, `OpenStepImageVisitor`): made exactly when
  /// the reader reads the text (refused with its error otherwise), read back as the same
  /// value to the bit, and converted to every format as the tree is.
  static func textImage(
    _ bytes: [UInt8], _ value: PlistValue?, _ format: PlistFormat, _ found: inout [String]
  ) {
    // `PropertyList.decode` refuses an empty input before the readers see it.
    guard !bytes.isEmpty else { return }
    let made = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistParseError) in
        try format == .json
          ? JSONImageVisitor.image(of: buffer) : OpenStepImageVisitor.image(of: buffer)
      }
    }
    guard let value else {
      // The walk's error is the reader's own.
      let readError = bytes.withUnsafeBufferPointer { buffer -> PlistParseError? in
        do throws(PlistParseError) {
          _ = try format == .json ? JSONPlistReader.read(buffer) : OpenStepReader.read(buffer)
          return nil
        } catch {
          return error
        }
      }
      if case .failure(let imageError) = made, imageError == readError { return }
      return found.append("the reader: \(String(describing: readError)), the image: \(made)")
    }
    guard case .success(let image?) = made else {
      return found.append("image refused a text the reader reads: \(made)")
    }
    guard let read = try? PropertyList.decode(image, as: .binary) else {
      return found.append("the text's image does not read back")
    }
    if (try? PropertyList.encode(read, as: .binary))
      != (try? PropertyList.encode(value, as: .binary))
    {
      found.append("the text's image reads as another value")
    }
    streaming(image, read, &found)
  }

  /// The keys and values the one-key writes set: the keys every input gets (`Key`, `""`,
  /// `zzz`, the root's first and last) and `keys`, each to each of a few values of the
  /// format's own and `values`; then `pairs`.
  struct KeyWrites {
    /// More keys, each set to every value.
    var keys: [String] = []
    /// More values, each set at every key.
    var values: [PlistValue] = []
    /// More writes, each of one key.
    var pairs: [(String, PlistValue)] = []

    /// Every write, to `dictionary`, with `defaults` the format's few values.
    func all(to dictionary: PlistDictionary, defaults: [PlistValue]) -> [(String, PlistValue)] {
      let keys = ["Key", "", "zzz"] + dictionary.keys.prefix(1) + dictionary.keys.suffix(1)
      return (keys + self.keys).flatMap { key in (defaults + values).map { (key, $0) } } + pairs
    }
  }

  /// The one-key write of a canonical XML domain (`XMLCanonicalDomain`): a file taken as
  /// canonical reads in full, holds the same value for the key, and gives, with the key
  /// set, exactly the bytes the full write gives.
  ///
  /// - Returns: Whether the file was taken.
  @discardableResult
  static func oneKeyWrite(
    _ bytes: [UInt8], _ found: inout [String], writes: KeyWrites = KeyWrites()
  ) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      guard let file = XMLCanonicalDomain(bytes) else { return false }
      guard
        case .some(.dictionary(var dictionary)) = try? PropertyList.decode(
          buffer: bytes, allowJSON: true
        ).value
      else {
        found.append("a file taken as canonical does not read as a dictionary")
        return true
      }
      for (key, value) in writes.all(to: dictionary, defaults: [7]) {
        let slot = file.slot(of: key)
        if slot.old != dictionary[key] { found.append("the canonical value of \(key)") }
        guard let entry = try? XMLCanonicalDomain.entry(key, value) else { continue }
        // Through the store's own splice, so that the check is of what it writes.
        let out = ByteOutput()
        file.write(entry, in: slot, to: out)
        let patched = out.finish()
        let saved = dictionary[key]
        dictionary[key] = value
        if (try? PropertyList.encode(.dictionary(dictionary), as: .xml)) != patched {
          found.append("setting \(key) to \(value) gives other bytes than the full write")
        }
        dictionary[key] = saved
      }
      return true
    }
  }

  /// The one-key rewrite of a canonical binary domain (`BinaryCanonicalDomain`): a file
  /// taken reads in full, is the writer's bytes for what it reads as, holds the same value
  /// for each key, and gives, with a key set, exactly the bytes the full write gives. An
  /// input not taken that reads as a dictionary is written out by the writer and checked
  /// so (that file must be taken): mutations rarely leave a file canonical.
  ///
  /// - Returns: Whether the file was taken.
  @discardableResult
  static func binaryOneKeyWrite(
    _ bytes: [UInt8], _ found: inout [String], writes: KeyWrites = KeyWrites()
  ) -> Bool {
    bytes.withUnsafeBufferPointer { bytes in
      let value = try? PropertyList.decode(buffer: bytes, allowJSON: true).value
      let taken = BinaryCanonicalDomain(bytes) != nil
      guard case .dictionary(let dictionary)? = value else {
        if taken { found.append("a file taken as canonical binary does not read as a dictionary") }
        return taken
      }
      if taken {
        rewrites(bytes, dictionary, writes, &found)
      } else if let written = try? PropertyList.encode(.dictionary(dictionary), as: .binary) {
        written.withUnsafeBufferPointer { rewrites($0, dictionary, writes, &found) }
      }
      return taken
    }
  }

  /// The checks of `binaryOneKeyWrite` on a file that must be taken.
  private static func rewrites(
    _ bytes: UnsafeBufferPointer<UInt8>, _ read: PlistDictionary, _ writes: KeyWrites,
    _ found: inout [String]
  ) {
    guard let file = BinaryCanonicalDomain(bytes) else {
      return found.append("the writer's file of a dictionary is not taken")
    }
    var dictionary = read
    if (try? PropertyList.encode(.dictionary(dictionary), as: .binary))?.elementsEqual(bytes)
      != true
    {
      found.append("a file taken as canonical binary is not the writer's bytes")
    }
    let values: [PlistValue] =
      [7, "Key", .data(PlistData([1])), .real(0.5)] + dictionary.values.prefix(1)
      + dictionary.values.suffix(1) + dictionary.keys.prefix(1).map { .string($0) }
    for (key, value) in writes.all(to: dictionary, defaults: values) {
      let old = file.value(ofKey: key)
      if old?.found != (dictionary[key] != nil) || old?.value != dictionary[key] {
        found.append("the canonical binary value of \(key)")
      }
      guard var rewrite = file.rewrite(setting: key, to: value) else {
        // Only a container as the new value is left to the full write.
        if value.type != .array && value.type != .dictionary {
          found.append("setting \(key) to \(value) left to the full write")
        }
        continue
      }
      let out = ByteOutput()
      rewrite.writeObjects(to: out)
      let saved = dictionary[key]
      dictionary[key] = value
      if (try? PropertyList.encode(.dictionary(dictionary), as: .binary)) != out.finish() {
        found.append("setting \(key) to \(value) in binary gives other bytes than the full write")
      }
      dictionary[key] = saved
    }
  }
}

import Testing

@testable import PlistCore

/// Every visitor of each format's one walk against the tree (`VisitorAgreement`, which the
/// fuzz targets run on every input too): the corpus in its own format and written in every
/// other, generated values of every type, and damaged copies of both, each read as its
/// format. Each visitor's own suite keeps the cases written for it.
@Suite("Every visitor agrees with the tree")
struct VisitorAgreementTests {
  static func expectAgreement(
    _ bytes: [UInt8], as format: PlistFormat, _ comment: Comment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    // The one-key writes on what the fuzzer makes too (64 KB at most): on larger files they
    // are most of a minute in a debug build, and check nothing the smaller do not.
    let keyWrites = bytes.count <= 65_536
    #expect(
      VisitorAgreement.disagreements(bytes, as: format, keyWrites: keyWrites) == [], comment,
      sourceLocation: sourceLocation)
  }

  /// The corpus's files in `format`, and every corpus value of a file up to 64 KB written
  /// in it (JSON compact and pretty, by turns), with their names.
  static func corpus(in format: PlistFormat) throws -> [(name: String, bytes: [UInt8])] {
    var inputs: [(name: String, bytes: [UInt8])] = []
    for (n, entry) in Fixtures.corpus.enumerated() {
      let bytes = try Fixtures.bytes("corpus/\(entry.file)")
      if entry.format == format.name { inputs.append((entry.name, bytes)) }
      // The large files again in every format: most of a minute in a debug build.
      guard bytes.count <= 65_536, let value = try? PropertyList.decode(bytes).value else {
        continue
      }
      let options = PropertyList.WriteOptions(prettyJSON: n % 2 == 0)
      if let written = try? PropertyList.encode(value, as: format, options: options) {
        inputs.append(("\(entry.name) as \(format.name)", written))
      }
    }
    return inputs
  }

  /// Values of every type the format holds, nested four deep; in binary also laid out as
  /// no writer lays them out (`ScrambledBinary`: containers shared, numbers wider, keys
  /// out of order and repeated).
  static func generated(in format: PlistFormat, count: Int) -> [(name: String, bytes: [UInt8])] {
    let kinds: ValueGenerator.Kinds =
      switch format {
      case .xml, .binary: .all
      case .json: [.string, .integer, .real, .boolean]
      case .openStep: [.string, .data]
      }
    return (0..<count).flatMap { seed in
      var generator = ValueGenerator(seed: UInt64(2100 + seed))
      let value = generator.dictionary(depth: 4, kinds: kinds)
      let options = PropertyList.WriteOptions(prettyJSON: seed % 2 == 0)
      // Infinite reals, which JSON cannot hold, make no text.
      var inputs =
        (try? PropertyList.encode(value, as: format, options: options)).map {
          [("seed \(seed)", $0)]
        } ?? []
      if format == .binary {
        inputs.append(("seed \(seed), scrambled", ScrambledBinary.file(value, seed: UInt64(seed))))
      }
      return inputs
    }
  }

  /// Bytes a damaged copy gets in place of one of its own: the format's syntax, and bytes
  /// that break UTF-8 or a binary file's numbers.
  static func flips(for format: PlistFormat) -> [UInt8] {
    let syntax: [UInt8] =
      switch format {
      case .xml: Array(#"<>/&;"'=!?[]- a0#"#.utf8)
      // Markers, counts and offsets.
      case .binary: [0x01, 0x08, 0x0F, 0x10, 0x1F, 0x33, 0x5F, 0x6F, 0xA1, 0xD2, 0xDF]
      case .json: Array(#"{}[]",:"\ 0-.eE"#.utf8)
      case .openStep: Array(#"{}()<>=;,"'\/* a0"#.utf8)
      }
    return syntax + [0x00, 0x0A, 0xC3, 0xFF]
  }

  @Test("the corpus, in its own format and written in every other", arguments: PlistFormat.allCases)
  func corpus(format: PlistFormat) throws {
    for input in try Self.corpus(in: format) {
      Self.expectAgreement(input.bytes, as: format, "\(input.name)")
    }
  }

  @Test("generated values of every type the format holds", arguments: PlistFormat.allCases)
  func generated(format: PlistFormat) {
    for input in Self.generated(in: format, count: 30) {
      Self.expectAgreement(input.bytes, as: format, "\(input.name)")
    }
  }

  /// Eight copies of each small input with one byte replaced, and four cut short.
  @Test("damaged copies: a byte replaced, the end cut off", arguments: PlistFormat.allCases)
  func damaged(format: PlistFormat) throws {
    var random = SplitMix(UInt64(31 + format.name.count))
    let flips = Self.flips(for: format)
    let inputs = try Self.corpus(in: format) + Self.generated(in: format, count: 10)
    for input in inputs.filter({ !$0.bytes.isEmpty && $0.bytes.count < 4096 }) {
      for _ in 0..<8 {
        var copy = input.bytes
        copy[Int(random.next() % UInt64(copy.count))] =
          flips[Int(random.next() % UInt64(flips.count))]
        Self.expectAgreement(copy, as: format, "\(input.name), a byte replaced")
      }
      for _ in 0..<4 {
        let cut = Array(input.bytes.prefix(Int(random.next() % UInt64(input.bytes.count))))
        Self.expectAgreement(cut, as: format, "\(input.name), \(cut.count) bytes of it")
      }
    }
  }
}

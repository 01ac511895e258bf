import Foundation
import PlistCore
import Testing

/// `FileAccess.convert` streams binary to XML, JSON and OpenStep without building the tree: it must
/// write exactly what decoding and encoding write, and refuse exactly what the reader refuses.
@Suite("Streaming binary to XML and JSON")
struct StreamingConversionTests {
  static func convert(_ bytes: [UInt8], to format: PlistFormat = .xml, compact: Bool = false)
    throws -> (output: [UInt8]?, error: PlistError?)
  {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let input = dir.appendingPathComponent("in.plist")
    let output = dir.appendingPathComponent("out.plist")
    try Data(bytes).write(to: input)
    do {
      try FileAccess.convert(
        try FileAccess.read(path: input.path), source: input.path, to: format,
        destination: output.path, options: PropertyList.WriteOptions(prettyJSON: !compact))
    } catch {
      #expect(!FileManager.default.fileExists(atPath: output.path), "no output after a failure")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["in.plist"])
      return (nil, error)
    }
    return ([UInt8](try Data(contentsOf: output)), nil)
  }

  static let binaryCorpus = Fixtures.corpus.filter { $0.format == "binary" }

  /// The conversion through the tree, and its error (naming the same file).
  static func throughTree(_ bytes: [UInt8], to format: PlistFormat, compact: Bool) -> (
    output: [UInt8]?, error: String?
  ) {
    do {
      // Detected, as `FileAccess.convert` detects it (a damaged header is not binary).
      let value = try PropertyList.decode(bytes).value
      return (
        try PropertyList.encode(
          value, as: format, options: PropertyList.WriteOptions(prettyJSON: !compact)), nil
      )
    } catch let error as PlistParseError {
      return (nil, "parse: \(error)")
    } catch {
      return (nil, "encoding: \(error)")
    }
  }

  static func describe(_ error: PlistError?) -> String? {
    switch error {
    case .parse(let error, _)?: return "parse: \(error)"
    case .encoding(let error)?: return "encoding: \(error)"
    case let other?: return "\(other)"
    case nil: return nil
    }
  }

  /// JSON (pretty and compact) and XML, on the corpus, generated values with reals that JSON
  /// cannot hold, and damaged copies: the same bytes or the same error as through the tree.
  @Test(arguments: [PlistFormat.json, .xml, .openStep])
  func sameBytesOrSameErrorAsTheTree(format: PlistFormat) throws {
    var inputs = try Self.binaryCorpus.map { try Fixtures.bytes("corpus/\($0.file)") }
    for seed in 0..<12 {
      var generator = ValueGenerator(seed: UInt64(900 + seed))
      // OpenStep holds only strings and data (and refuses the rest): half of them so.
      let kinds: ValueGenerator.Kinds =
        format == .openStep && seed % 2 == 0 ? [.string, .data] : .all
      inputs.append(
        try PropertyList.encode(generator.dictionary(depth: 4, kinds: kinds), as: .binary))
    }
    inputs.append(try PropertyList.encode(["a": [1, .real(.nan)], "b": 2], as: .binary))
    var random = SplitMix(3)
    for bytes in Array(inputs.suffix(13)) where !bytes.isEmpty {
      for _ in 0..<30 {
        var damaged = bytes
        damaged[Int(random.next() % UInt64(damaged.count))] ^= 0x21
        inputs.append(damaged)
      }
    }
    for (n, bytes) in inputs.enumerated() {
      for compact in format == .json ? [false, true] : [false] {
        let streamed = try Self.convert(bytes, to: format, compact: compact)
        let tree = Self.throughTree(bytes, to: format, compact: compact)
        #expect(streamed.output == tree.output, "input \(n)")
        #expect(Self.describe(streamed.error) == tree.error, "input \(n)")
      }
    }
  }

  @Test func refusesCyclesAndExponentialSharing() throws {
    let cycle = MalformedInputTests.binary([[0xA1, 1], [0xA1, 0]])
    #expect(try Self.convert(cycle).error != nil)
    var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x09])
    let bytes = MalformedInputTests.binary(objects)
    let bomb = try Self.convert(bytes)
    guard case .parse(let error, _)? = bomb.error else {
      Issue.record("expected a parse error, got \(String(describing: bomb.error))")
      return
    }
    #expect(error.kind == .expansionLimit(4 * bytes.count))
  }

  @Test func repeatedKeysKeepTheLastLikeTheReader() throws {
    // { "b": 1, "a": 2, "b": 3 } with keys out of order and repeated.
    let bytes = MalformedInputTests.binary([
      [0xD3, 1, 2, 1, 3, 4, 5], [0x51, 0x62], [0x51, 0x61], [0x10, 1], [0x10, 2], [0x10, 3],
    ])
    let expected = try PropertyList.encode(PropertyList.decode(bytes, as: .binary), as: .xml)
    #expect(try Self.convert(bytes).output == expected)
  }

  /// Keys out of order, ASCII and UTF-16 objects mixed (the same text in both is the same
  /// key), characters above U+FFFF (which UTF-16 order puts before U+E000) and keys alike
  /// in their first eight characters: every conversion without the tree orders and keeps
  /// them as the tree does, in a small dictionary and in large ones (with more than 16 keys
  /// alike in their first six characters, in the largest); UTF-16
  /// keys and values with text to escape are written as the tree writes them.
  @Test(arguments: [3, 40, 200])
  func keysInUTF16OrderFromTheirBytes(size: Int) throws {
    let texts = [
      "b", "a", "\u{E000}", "\u{10000}", "é", "prefix--1", "prefix--0", "a", "", "Ab", "é&<x>",
    ]
    var builder = BinaryFileBuilder()
    var keys: [Int] = []
    var values: [Int] = []
    for index in 0..<size {
      let text = texts[index % texts.count] + (index < texts.count ? "" : "\(index % 7)")
      let ascii = text.utf8.allSatisfy { $0 < 0x80 }
      keys.append(index % 3 == 0 || !ascii ? builder.utf16String(text) : builder.string(text))
      // UTF-16 values too, some with text XML escapes.
      values.append(
        index % 2 == 0 ? builder.string("v\(index)") : builder.utf16String("ü & <\(index)>\u{1}"))
    }
    let top = builder.dictionary(keys: keys, values: values)
    let bytes = builder.file(top: top).bytes
    for format in [PlistFormat.xml, .json, .openStep, .binary] {
      let streamed = try Self.convert(bytes, to: format)
      let tree = Self.throughTree(bytes, to: format, compact: false)
      #expect(streamed.error == nil, "\(format)")
      #expect(streamed.output == tree.output, "\(format)")
    }
  }

  /// A large dictionary's keys in groups alike in their first four characters (the sort's
  /// first comparison), each group out of order after them: pairs, a triple, keys alike in
  /// eight characters, and a key repeated (the last kept); ASCII and UTF-16 objects.
  @Test func keysAlikeInTheirFirstFourCharactersAreOrderedByTheRest() throws {
    var texts: [String] = []
    for letter in "qponmlkjihgfedcba" {
      let stem = String(repeating: letter, count: 4)
      texts += [stem + "-b", stem + "-a"]
    }
    texts += [
      "zzzz3", "zzzz2", "zzzz1", "yyyyyyyy-2", "yyyyyyyy-1", "\u{10000}x-2", "\u{10000}x-1",
    ]
    texts += ["dddd-a"]
    try Self.expectOrderedAsTheTree(texts) { $0 % 3 == 0 }
  }

  /// Random large dictionaries whose keys share starts of 0 to 20 units, so that every round
  /// of `BinaryKeySort` (four units at a time, then whole keys past sixteen) meets runs of
  /// more than 16 alike keys: keys that differ only in length or in a trailing U+0000,
  /// characters above U+FFFF against U+E000, the same text as an ASCII and as a UTF-16
  /// object, and repeated keys. Converted without the tree, they come out as the tree writes
  /// them.
  @Test(arguments: 0..<6)
  func keysAlikeInEveryRoundOfTheSortAreOrderedAsTheTreeOrdersThem(seed: Int) throws {
    var random = SplitMix(UInt64(7100 + seed))
    let alphabet: [String] = ["a", "b", "\u{0}", "é", "\u{E000}", "\u{10000}"]
    func text(_ units: Int) -> String {
      var text = ""
      while text.utf16.count < units {
        text += alphabet[Int(random.next() % UInt64(alphabet.count))]
      }
      return text
    }
    let stems = (0..<6).map { text(4 * $0) }
    let texts = (0..<400).map { _ in
      stems[Int(random.next() % UInt64(stems.count))] + text(Int(random.next() % 4))
    }
    let asUTF16 = texts.map { _ in random.next() % 3 == 0 }
    try Self.expectOrderedAsTheTree(texts) { asUTF16[$0] }
  }

  /// A file whose root has `texts` for keys (a key a UTF-16 object where `asUTF16` says so of
  /// its place, or where it is not ASCII), converted without the tree to XML and to binary:
  /// the tree's bytes.
  static func expectOrderedAsTheTree(_ texts: [String], asUTF16: (Int) -> Bool) throws {
    var builder = BinaryFileBuilder()
    var keys: [Int] = []
    var values: [Int] = []
    for (index, text) in texts.enumerated() {
      let ascii = text.utf8.allSatisfy { $0 < 0x80 }
      keys.append(asUTF16(index) || !ascii ? builder.utf16String(text) : builder.string(text))
      values.append(builder.string("v\(index)"))
    }
    let top = builder.dictionary(keys: keys, values: values)
    let bytes = builder.file(top: top).bytes
    for format in [PlistFormat.xml, .binary] {
      let streamed = try convert(bytes, to: format)
      #expect(streamed.error == nil, "\(format)")
      #expect(streamed.output == throughTree(bytes, to: format, compact: false).output)
    }
  }

  /// The value of a repeated key that a later one replaces is never written, but the reader
  /// refuses the file when it is broken, and so must the conversion.
  @Test(arguments: [PlistFormat.json, .xml, .openStep])
  func aBrokenValueOfAReplacedKeyIsRefusedLikeTheReader(format: PlistFormat) throws {
    // { "b": <a set>, "a": 2, "b": 3 }: the set, which the reader refuses, is replaced.
    let bytes = MalformedInputTests.binary([
      [0xD3, 1, 2, 1, 3, 4, 5], [0x51, 0x62], [0x51, 0x61], [0xC0], [0x10, 2], [0x10, 3],
    ])
    #expect(throws: PlistParseError.self) { try PropertyList.decode(bytes, as: .binary) }
    let streamed = try Self.convert(bytes, to: format)
    #expect(streamed.output == nil)
    #expect(
      Self.describe(streamed.error) == Self.throughTree(bytes, to: format, compact: false).error)
  }

  /// Files whose problems the key-order walk meets in another order than the tree reader,
  /// with keys "b" then "a" in the file: the first error named is the tree's.
  static let problemsMetInAnotherOrder: [(String, [UInt8])] = [
    // { "b": <a set>, "a": <UTF-16 with a lone surrogate> }
    (
      "a set before a lone surrogate",
      MalformedInputTests.binary([
        [0xD2, 1, 2, 3, 4], [0x51, 0x62], [0x51, 0x61], [0xC0], [0x61, 0xD8, 0x00],
      ])
    ),
    // { "b": <an integer 32 bytes wide>, "a": <the dictionary itself> }
    (
      "a wide integer before a cycle",
      MalformedInputTests.binary([[0xD2, 1, 2, 3, 0], [0x51, 0x62], [0x51, 0x61], [0x15, 0]])
    ),
    // { "b": <a set>, "a": <a key that is not ASCII>: 1 }
    (
      "a set before a key that is not ASCII",
      MalformedInputTests.binary([
        [0xD2, 1, 2, 3, 4], [0x51, 0x62], [0x51, 0x61], [0xC0], [0xD1, 5, 6], [0x51, 0xE9],
        [0x10, 1],
      ])
    ),
  ]

  @Test(arguments: [PlistFormat.json, .xml, .openStep, .binary])
  func theFirstErrorIsTheTreesWhateverOrderTheWalkMeetsProblemsIn(format: PlistFormat) throws {
    var cases = Self.problemsMetInAnotherOrder
    // A value that the format cannot hold, met in key order before the tree's first error.
    let unwritable: [UInt8]? =
      switch format {
      case .json: [0x23, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0]  // NaN
      case .openStep: [0x10, 1]  // an integer
      default: nil
      }
    if let unwritable {
      cases.append(
        (
          "a set before a value the format cannot hold",
          MalformedInputTests.binary([
            [0xD2, 1, 2, 3, 4], [0x51, 0x62], [0x51, 0x61], [0xC0], unwritable,
          ])
        ))
    }
    for (name, bytes) in cases {
      let tree = Self.throughTree(bytes, to: format, compact: false)
      #expect(tree.error?.hasPrefix("parse: ") == true, "\(name)")
      let streamed = try Self.convert(bytes, to: format)
      #expect(streamed.output == nil, "\(name)")
      #expect(Self.describe(streamed.error) == tree.error, "\(name)")
    }
  }

  /// A replaced value that unfolds to 2^40 values (40 arrays, each holding the next twice) is
  /// refused by the budget, as the reader refuses it, in a moment and without the memory.
  @Test(arguments: [PlistFormat.json, .xml, .openStep])
  func aReplacedValueThatUnfoldsWithoutEndIsRefusedByTheBudget(format: PlistFormat) throws {
    var objects: [[UInt8]] = [[0xD2, 1, 1, 2, 43], [0x51, 0x61]]
    objects += (2..<42).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects += [[0x09], [0x10, 1]]
    let bytes = MalformedInputTests.binary(objects)
    let streamed = try Self.convert(bytes, to: format)
    guard case .parse(let error, _)? = streamed.error else {
      Issue.record("expected a parse error, got \(String(describing: streamed.error))")
      return
    }
    #expect(error.kind == .expansionLimit(4 * bytes.count))
  }

  /// Dictionaries that share the next one under two keys, 7 deep: 255 values, 509 with their
  /// keys, which the tree reader counts against the budget of 4 per byte (360 here): the
  /// streaming conversion refused it only once it counted keys too.
  @Test(arguments: [PlistFormat.json, .xml, .openStep])
  func sharedDictionariesCountTheirKeysAgainstTheBudget(format: PlistFormat) throws {
    var objects: [[UInt8]] = [[0x51, 0x61], [0x51, 0x62]]
    objects += (0..<7).map { [0xD2, 0, 1, UInt8($0 + 3), UInt8($0 + 3)] }
    objects.append([0x09])
    let bytes = MalformedInputTests.binary(objects, top: 2)
    let streamed = try Self.convert(bytes, to: format)
    #expect(streamed.output == nil)
    #expect(
      Self.describe(streamed.error) == Self.throughTree(bytes, to: format, compact: false).error)
  }
}

import Testing

@testable import PlistCore

/// The tree reader, the look-up of one key (the validator), the streaming conversions and
/// binary to binary apply one rule for nesting and the expansion budget
/// (`BinaryPlistReader+Limits`): they accept and refuse the same files, with the same error.
@Suite("One rule for depth and the budget in every binary walk")
struct BinaryLimitsTests {
  /// Checks every reader of binary files on `bytes` against `refusal` (nil: accepted): the
  /// tree; the look-up of `key`; the conversion to each format through `FileAccess`, which
  /// must give the tree's bytes or the tree's error; and the walks' own errors.
  static func expectAlike(
    _ bytes: [UInt8], key: String = "a", refusal: PlistParseError?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let tree = Result { () throws(PlistParseError) in try PropertyList.decode(bytes, as: .binary) }
    switch tree {
    case .success: #expect(refusal == nil, "the tree read it", sourceLocation: sourceLocation)
    case .failure(let error): #expect(error == refusal, sourceLocation: sourceLocation)
    }
    expectOneKeyPathsAlike(bytes, key: key, tree, refusal: refusal, sourceLocation)
    for format in [PlistFormat.xml, .json, .openStep, .binary] {
      let converted = try StreamingConversionTests.convert(bytes, to: format)
      let throughTree = StreamingConversionTests.throughTree(bytes, to: format, compact: false)
      #expect(converted.output == throughTree.output, "\(format)", sourceLocation: sourceLocation)
      #expect(
        StreamingConversionTests.describe(converted.error) == throughTree.error, "\(format)",
        sourceLocation: sourceLocation)
    }
    // Each walk's own error, before `FileAccess` names the file: the tree's, even where a
    // value its format cannot hold comes first (OpenStep and `true`).
    for (name, outcome) in bytes.withUnsafeBufferPointer(walkOutcomes) {
      #expect(
        outcome == (refusal.map { .refused($0) } ?? .took), "\(name)",
        sourceLocation: sourceLocation)
    }
  }

  /// The look-up of `key` answers or refuses as the full read `tree` does, and the one-key
  /// write takes no file the full read refuses.
  static func expectOneKeyPathsAlike(
    _ bytes: [UInt8], key: String, _ tree: Result<PlistValue, PlistParseError>,
    refusal: PlistParseError?, _ sourceLocation: SourceLocation
  ) {
    let lookUp = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(PlistParseError) in try PropertyList.lookUp(key, in: buffer) }
    }
    if lookUp != .success(.needsFullRead) {
      let expected = tree.map { TopLevelLookup(key: key, in: $0) }
      #expect(lookUp == expected, "look-up of \(key)", sourceLocation: sourceLocation)
    }
    // The one-key write takes only files it proves canonical (no container shared, nesting
    // checked), and reads any other in full: none that the full read refuses.
    if refusal != nil {
      let taken = bytes.withUnsafeBufferPointer { BinaryCanonicalDomain($0) != nil }
      #expect(!taken, "taken by the one-key write", sourceLocation: sourceLocation)
    }
  }

  /// What a walk that does without the tree did with a file.
  enum WalkOutcome: Equatable {
    case took
    case refused(PlistParseError)
    /// It met a value its format cannot hold.
    case cannotWrite
  }

  /// The walks that do without the tree, each with its own outcome.
  static func walkOutcomes(_ buffer: UnsafeBufferPointer<UInt8>) -> [(String, WalkOutcome)] {
    let binary: WalkOutcome
    do throws(StreamingConversionFailure) {
      _ = try BinaryToBinaryConverter(buffer)
      binary = .took
    } catch {
      binary = outcome(of: error)
    }
    return [
      ("binary to XML", stream(BinaryToXMLConverter.self, buffer)),
      ("binary to JSON", stream(BinaryToJSONConverter.self, buffer)),
      ("binary to OpenStep", stream(BinaryToOpenStepConverter.self, buffer)),
      ("binary to binary", binary),
    ]
  }

  private static func stream<Writer>(
    _ converter: BinaryStreamingConverter<Writer>.Type, _ buffer: UnsafeBufferPointer<UInt8>
  ) -> WalkOutcome {
    do throws(StreamingConversionFailure) {
      try converter.convert(buffer, to: ByteOutput())
      return .took
    } catch {
      return outcome(of: error)
    }
  }

  private static func outcome(of failure: StreamingConversionFailure) -> WalkOutcome {
    guard case .parse(let error) = failure else { return .cannotWrite }
    return .refused(error)
  }

  // MARK: - Depth of a reused container

  /// `{"a": X, "b": c0}`: X holds `height` levels of arrays around the string "x";
  /// c0 → c1 → … → c(chain−1) → X. X is read first inside one container, then again inside
  /// `chain + 1`, where its innermost array sits inside `chain + height`. Returns the file
  /// and where X's arrays start, outermost first.
  static func reusedDeep(chain: Int, height: Int) -> (bytes: [UInt8], levels: [Int]) {
    var builder = BinaryFileBuilder()
    var levels = [builder.string("x")]
    for _ in 0..<height { levels.append(builder.array([levels[levels.count - 1]])) }
    let reused = levels[height]
    var link = reused
    for _ in 0..<chain { link = builder.array([link]) }
    let keys = [builder.string("a"), builder.string("b")]
    let root = builder.dictionary(keys: keys, values: [reused, link])
    let file = builder.file(top: root)
    return (file.bytes, levels.dropFirst().reversed().map { file.offsets[$0] })
  }

  /// At the limit, X's innermost array sits inside 511 containers (512 levels, as the
  /// writers allow); one more, and every walk refuses it where going down reaches it.
  @Test(arguments: [1, 3])
  func aReusedContainerCountsWithItsHeight(height: Int) throws {
    let limit = PropertyList.maximumDepth
    let atTheLimit = Self.reusedDeep(chain: limit - 1 - height, height: height)
    try Self.expectAlike(atTheLimit.bytes, refusal: nil)
    let onePast = Self.reusedDeep(chain: limit - height, height: height)
    try Self.expectAlike(
      onePast.bytes,
      refusal: NestingLimit.parseError(.binary, at: .byteOffset(onePast.levels[height - 1])))
  }

  /// `{"a": D, "b": c0}` with D = `{"k1": "x", "k2": A}`, A holding `height` levels of arrays
  /// around "x", and c0 → … → c(chain−1) → D: a reused dictionary whose too-deep value is not
  /// its first. Returns the file and where A's innermost array starts.
  static func reusedDeepDictionary(chain: Int, height: Int) -> (bytes: [UInt8], innermost: Int) {
    var builder = BinaryFileBuilder()
    let x = builder.string("x")
    let innermost = builder.array([x])
    var outer = innermost
    for _ in 1..<height { outer = builder.array([outer]) }
    let entryKeys = [builder.string("k1"), builder.string("k2")]
    let dictionary = builder.dictionary(keys: entryKeys, values: [x, outer])
    var link = dictionary
    for _ in 0..<chain { link = builder.array([link]) }
    let keys = [builder.string("a"), builder.string("b")]
    let root = builder.dictionary(keys: keys, values: [dictionary, link])
    let file = builder.file(top: root)
    return (file.bytes, file.offsets[innermost])
  }

  /// A reused dictionary is refused where going down meets the limit: in its second value.
  @Test(arguments: [1, 3])
  func aReusedDictionaryIsRefusedInTheValueTooDeep(height: Int) throws {
    let limit = PropertyList.maximumDepth
    let atTheLimit = Self.reusedDeepDictionary(chain: limit - 2 - height, height: height)
    try Self.expectAlike(atTheLimit.bytes, refusal: nil)
    let onePast = Self.reusedDeepDictionary(chain: limit - 1 - height, height: height)
    try Self.expectAlike(
      onePast.bytes,
      refusal: NestingLimit.parseError(.binary, at: .byteOffset(onePast.innermost)))
  }

  // MARK: - The expansion budget

  /// A root dictionary whose `shares` keys hold one array of 100 strings, and a last key an
  /// array of `extra`; then `padding` bytes of data nothing refers to. It unfolds to
  /// 1 + (shares + 1) + shares × 101 + 1 + extra values, the last of them the root's own.
  static func shared(shares: Int, extra: Int, padding: Int) -> (bytes: [UInt8], values: Int) {
    var builder = BinaryFileBuilder()
    let x = builder.string("x")
    let items = builder.array(Array(repeating: x, count: 100))
    var keys = (0..<shares).map { builder.string("k" + ($0 < 10 ? "0" : "") + "\($0)") }
    keys.append(builder.string("z"))
    let last = builder.array(Array(repeating: x, count: extra))
    let root = builder.dictionary(
      keys: keys, values: Array(repeating: items, count: shares) + [last])
    _ = builder.data(count: padding)
    return (builder.file(top: root).bytes, 3 + shares * 102 + extra)
  }

  /// The first file of that shape with `excess` values more than the budget (4 per byte).
  static func budgetFile(excess: Int) throws -> [UInt8] {
    for shares in 20..<40 {
      for extra in 0..<8 {
        for padding in 0..<60 {
          let file = shared(shares: shares, extra: extra, padding: padding)
          if file.values - 4 * file.bytes.count == excess { return file.bytes }
        }
      }
    }
    throw BudgetFileNotFound()
  }

  private struct BudgetFileNotFound: Error {}

  /// Exactly at the budget, read; one value more — the root's own, after every reuse — and
  /// every walk refuses it, with an error for the whole input.
  @Test func theBudgetIsCheckedAtEveryStep() throws {
    try Self.expectAlike(try Self.budgetFile(excess: 0), key: "k00", refusal: nil)
    let onePast = try Self.budgetFile(excess: 1)
    try Self.expectAlike(
      onePast, key: "k00",
      refusal: PlistParseError(
        format: .binary, kind: .expansionLimit(4 * onePast.count), position: .wholeInput))
  }

  // MARK: - The fuzzer's two files

  /// Found by the fuzzer when the tree reader took a cached container without its depth and
  /// checked the budget only on reuse: a root whose sharing lands just past the budget after
  /// its last reuse, and a container read first at depth 1 and then again at 512. The tree
  /// read both and the walks refused them; now all refuse them alike. (Their roots are
  /// arrays, so no key is looked up in them: the files above, dictionaries, check that.)
  @Test func theFuzzersFilesAreRefusedAlike() throws {
    let budget: [UInt8] = [
      0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30, 0x51, 0x61, 0xAF, 0x12,
      0x00, 0x00, 0x00, 0x1F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xAE,
      0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
      0x01, 0x01, 0x41, 0x07, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x0A,
      0x00, 0x00, 0x00, 0x2F, 0x00, 0x00, 0x00, 0x3E, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x40,
    ]
    // 14 × [31 × "a"] and the root: 449 values, 4 × 112 bytes allowed.
    try Self.expectAlike(
      budget,
      refusal: PlistParseError(format: .binary, kind: .expansionLimit(448), position: .wholeInput))
    // [X, c0]; X = [true]; c0 → c1 → … → c510 → X.
    var builder = BinaryFileBuilder()
    let x = builder.array([builder.add([0x09])])
    var link = x
    for _ in 0..<511 { link = builder.array([link]) }
    let root = builder.array([x, link])
    let deep = builder.file(top: root)
    try Self.expectAlike(
      deep.bytes, refusal: NestingLimit.parseError(.binary, at: .byteOffset(deep.offsets[x])))
  }
}

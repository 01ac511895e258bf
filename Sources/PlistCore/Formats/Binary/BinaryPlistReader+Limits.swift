// MARK: - The nesting limit and the expansion budget

/// The one file-order walk (`BinaryWalk`) finishes each object once and takes it again from
/// what it recorded; the value tree and the writers see the graph unfolded. So the walk
/// measures the graph as unfolded, and every reader, which checks with that walk first,
/// refuses what the tree's writers would:
/// - depth: a container past the limit is refused where a walk going down meets it. A
///   finished object used again at depth `d` brings its height (the levels of containers it
///   holds) along: past the limit when `d + height` is, reported at the first container, in
///   the reader's order, that going down would have reached past it;
/// - budget: every use of an object counts, a finished one with all it unfolds to, and the
///   count is checked at every step (`account`). The budget belongs to the file as a whole,
///   so its error names no byte.
/// A reuse is checked for depth first, then charged in full.
extension BinaryPlistReader {
  /// At most how many values a file of `size` bytes may unfold to: 4 per byte. Every use of
  /// an object costs at least a byte (a reference), so a file that CoreFoundation or
  /// plistctl wrote — they share scalars, never containers — unfolds to fewer values than it
  /// has bytes; only shared containers exceed that, and a 181-byte graph of them would
  /// otherwise fill gigabytes when printed.
  static func expansionLimit(forSize size: Int) -> Int {
    size.multipliedReportingOverflow(by: 4).partialValue
  }

  /// Throws unless an array or dictionary at `start`, inside `depth` others, is within the
  /// nesting limit.
  @inline(__always)
  func checkContainerDepth(_ depth: Int, at start: Int) throws(PlistParseError) {
    guard NestingLimit.allowsContainer(inside: depth) else {
      throw NestingLimit.parseError(.binary, at: .byteOffset(start))
    }
  }

  /// Throws unless object `index`, finished earlier and holding `height` levels of
  /// containers, may be used again inside `depth` containers: its deepest container then
  /// sits inside `depth + height - 1`.
  ///
  /// - Parameters:
  ///   - index: The object.
  ///   - height: Its levels of containers (0 for a scalar).
  ///   - depth: How many containers enclose this use.
  ///   - heights: The height of any finished object (only asked for the error).
  /// - Throws: `PlistParseError.Kind.tooDeep` where going down would meet the first
  ///   container past the limit.
  @inline(__always)
  func checkReuse(
    of index: Int, height: Int, depth: Int, heights: (Int) -> Int
  ) throws(PlistParseError) {
    guard height > 0, !NestingLimit.allowsContainer(inside: depth + height - 1) else { return }
    throw NestingLimit.parseError(
      .binary, at: .byteOffset(firstContainerTooDeep(index, depth: depth, heights: heights)))
  }

  /// Counts `size` more values against the budget.
  ///
  /// - Throws: `PlistParseError.Kind.expansionLimit`, for the whole input, once the count
  ///   passes the budget.
  @inline(__always)
  mutating func account(_ size: Int) throws(PlistParseError) {
    expandedCount += size
    if expandedCount > expansionLimit {
      throw PlistParseError(
        format: .binary, kind: .expansionLimit(expansionLimit), position: .wholeInput)
    }
  }

  /// Where going down into the finished container `index`, inside `depth` others, meets the
  /// first container past the limit: at each level, the first child (keys are strings, so
  /// a dictionary's values) whose height takes it past. Every object below a finished one
  /// is finished, with its references checked.
  private func firstContainerTooDeep(_ index: Int, depth: Int, heights: (Int) -> Int) -> Int {
    var (index, depth) = (index, depth)
    while true {
      guard let start = try? offset(of: index) else { return 0 }
      let marker = bytes[start]
      guard NestingLimit.allowsContainer(inside: depth),
        let (count, payload) = try? countAndPayload(at: start)
      else { return start }
      let width = trailer.objectRefSize
      let values = marker >> 4 == 0xD ? payload + count * width : payload
      let child = (0..<count).lazy.compactMap { i in
        try? self.reference(at: values + i * width, from: start)
      }.first { child in
        let height = heights(child)
        return height > 0 && !NestingLimit.allowsContainer(inside: depth + height)
      }
      guard let child else { return start }
      (index, depth) = (child, depth + 1)
    }
  }
}

/// What using a finished object again costs, in one word: the values it unfolds to and its
/// height. (A third field in the tree reader's cache entries cost it 1.7 % in copies, a
/// second buffer the validator a memset.)
struct ObjectExtent {
  /// The size above `heightBits`, the height below; 0 for an object not yet finished.
  private let bits: Int
  private static let heightBits = 10

  /// - Parameters:
  ///   - size: The values it unfolds to, itself included (at least 1; within the budget).
  ///   - height: The levels of arrays and dictionaries it holds, itself included (0 for a
  ///     scalar; within the nesting limit, 512, so below 2^10).
  ///
  /// The size takes the other 54 bits of a 64-bit `Int`: the budget is 4 values a byte of a
  /// file of at most `FileLimits.maximumSize` bytes, far below 2^54.
  init(size: Int, height: Int) {
    assert(height < 1 << Self.heightBits && size < 1 << (Int.bitWidth - Self.heightBits - 1))
    bits = size << Self.heightBits | height
  }

  /// Not finished yet.
  static let none = ObjectExtent(bits: 0)
  private init(bits: Int) { self.bits = bits }

  var isFinished: Bool { bits != 0 }
  var size: Int { bits >> Self.heightBits }
  var height: Int { bits & (1 << Self.heightBits - 1) }
}

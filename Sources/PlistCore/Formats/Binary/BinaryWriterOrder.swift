/// The order in which every writer of `bplist00` numbers its objects, and the writing of them
/// in it: the one numbering for the tree's writer, the compact storage's, the binary-to-binary
/// converter, the one-key rewrite of a canonical domain and the `Codable` encoder's layout.
///
/// CoreFoundation's order, which plistctl's files keep: depth-first, a container before its
/// children, a dictionary's keys before its values; a scalar where it first occurs, and where
/// it occurs again the same number (what counts as the same is the writer's: type and bits
/// for the tree, equal bytes for an encoding). Each writer walks what it writes in its own
/// way and says here what it meets; what a scalar is and how it is encoded stays its own
/// (`BinaryScalarEncoder`): a number it chose for it (`handle`), kept with the object.
///
/// A push interface rather than a walk of its own, because the converter's objects come
/// from a walk that pushes them (`BinaryKeyOrderWalk`).
struct BinaryWriterOrder {
  /// The objects in order. A scalar's `handle << 2`; a container's start in `references`
  /// shifted left by two, with `arrayTag` or `dictionaryTag`. `emit` turns each into its
  /// offset in the output.
  private var objects: [UInt64] = []
  /// Per container, its count and then its references (its keys then its values for a
  /// dictionary): one flat table instead of one small array per container. A container's
  /// room is taken when it opens (its count is known then), and its children's numbers are
  /// written in place as they come, so nothing is copied when it closes. The first entry is
  /// where the root's number goes: it belongs to no container.
  ///
  /// A buffer of its own rather than an `Array`: writing a reference is the numbering's
  /// hottest step, and `Array`'s uniqueness and capacity checks made the numbering cost
  /// twice as much. Copies of the order share it: a writer numbers with one copy and writes
  /// with that copy, once (`emit` traps if called again).
  private var references: UnsafeMutablePointer<UInt32>
  /// How many entries of `references` are taken, and how many it has room for.
  private var referenceCount = 1
  private var referenceCapacity: Int
  /// Frees `references` when the last copy of the order goes.
  private var allocation: Allocation
  /// Where the next reference of the innermost open container goes, and where its
  /// references end.
  private var cursor = 0
  private var end = 1
  /// The same for the containers around it, innermost last.
  private var outer: [(cursor: Int, end: Int)] = []
  /// Whether `emit` has used the order up.
  private var emitted = false

  private final class Allocation {
    var pointer: UnsafeMutablePointer<UInt32>
    init(_ pointer: UnsafeMutablePointer<UInt32>) { self.pointer = pointer }
    deinit { pointer.deallocate() }
  }

  private static let arrayTag: UInt64 = 1
  private static let dictionaryTag: UInt64 = 2

  /// The most objects a file may hold: a reference must fit in 32 bits, beside the count.
  static let maximumObjects = Int(UInt32.max) - 2

  /// - Parameters:
  ///   - objects: How many objects to make room for (an estimate; more grows).
  ///   - references: How many references and container counts to make room for.
  init(objects: Int = 0, references: Int = 0) {
    self.objects.reserveCapacity(objects)
    // Pages reserved and never written cost nothing.
    referenceCapacity = max(1 + references, 16)
    self.references = .allocate(capacity: referenceCapacity)
    allocation = Allocation(self.references)
  }

  /// Numbers a scalar not met before; its number goes to the open container too.
  ///
  /// - Parameter handle: What the writer knows the scalar by (below 2^62).
  /// - Returns: The scalar's number, for where it occurs again.
  /// - Throws: For more objects than a file holds (`maximumObjects`).
  @discardableResult
  mutating func add(scalar handle: UInt64) throws(PlistEncodingError) -> UInt32 {
    let number = try next()
    objects.append(handle << 2)
    refer(to: number)
    return number
  }

  /// The handle that scalar `number` was added with (until `emit`).
  @inline(__always)
  func handle(of number: Int) -> UInt64 { objects[number] >> 2 }

  /// A scalar met before in the open container.
  @inline(__always)
  mutating func refer(to number: UInt32) {
    // A writer's bug, never the input's: each writer gives a container the children it
    // counted. Checked all the same, as the table is written without bounds checks.
    precondition(cursor < end, "more children than the container's count")
    references[cursor] = number
    cursor += 1
  }

  /// The references at `range` (a dictionary's keys, from `open`), again in the open
  /// container: a dictionary with the key list of one numbered before.
  mutating func refer(toKeysAt range: Range<Int>) {
    precondition(range.upperBound <= referenceCount)
    for index in range { refer(to: references[index]) }
  }

  /// Numbers a container, whose `count` items (an array) or keys and as many values (a
  /// dictionary) follow until `close`.
  ///
  /// - Returns: Where its references lie, for `refer(toKeysAt:)` (a dictionary's keys are
  ///   the first `count`).
  /// - Throws: For more objects than a file holds (`maximumObjects`), or more children
  ///   than 2^32 − 1.
  @discardableResult
  mutating func open(isDictionary: Bool, count: Int) throws(PlistEncodingError) -> Range<Int> {
    // The count is kept in a reference's 32 bits.
    guard count <= UInt32.max else {
      throw PlistEncodingError(
        format: .binary, reason: "a container of \(count) items, more than \(UInt32.max)",
        path: "")
    }
    refer(to: try next())
    objects.append(
      UInt64(referenceCount) << 2 | (isDictionary ? Self.dictionaryTag : Self.arrayTag))
    let children = isDictionary ? 2 * count : count
    if referenceCount + 1 + children > referenceCapacity { grow(to: referenceCount + 1 + children) }
    references[referenceCount] = UInt32(count)
    outer.append((cursor, end))
    cursor = referenceCount + 1
    referenceCount = cursor + children
    end = referenceCount
    return cursor..<end
  }

  /// Room for `minimum` entries at least, twice as many as before.
  private mutating func grow(to minimum: Int) {
    referenceCapacity = max(minimum, 2 * referenceCapacity)
    let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: referenceCapacity)
    // As raw bytes: the slots of open containers are not written yet.
    UnsafeMutableRawPointer(larger).copyMemory(
      from: references, byteCount: referenceCount * MemoryLayout<UInt32>.stride)
    references = larger
    allocation = Allocation(larger)
  }

  /// Ends the innermost container.
  mutating func close() {
    // Every reference written: none of the table's unwritten memory reaches a file.
    precondition(cursor == end, "fewer children than the container's count")
    (cursor, end) = outer.removeLast()
  }

  private func next() throws(PlistEncodingError) -> UInt32 {
    guard objects.count < Self.maximumObjects else {
      throw PlistEncodingError(
        format: .binary, reason: "more than \(Self.maximumObjects) distinct objects", path: "")
    }
    return UInt32(objects.count)
  }

  // MARK: - Writing

  /// Writes the header, the objects in their order, the offset table and the trailer, with
  /// references and offsets as wide as `width` says (by default the smallest of 1, 2, 4 or 8
  /// bytes that holds them, as CoreFoundation writes). The order is used up: each object's
  /// entry becomes its offset as it is written, so no second table is held.
  ///
  /// - Parameters:
  ///   - out: Where the file goes, from its `position` (drained as it fills).
  ///   - scalars: Writes each scalar from its handle.
  ///   - width: How many bytes hold a number up to the value given.
  /// - Throws: What `scalars` throws.
  mutating func emit<Scalars: BinaryScalarEncoder>(
    to out: ByteOutput, _ scalars: inout Scalars,
    width: (UInt64) -> Int = BinaryPlistWriter.byteWidth
  ) throws(Scalars.Failure) {
    precondition(outer.isEmpty, "a container left open")
    precondition(!emitted, "an order written twice")
    emitted = true
    let fileStart = out.position
    let referenceWidth = width(UInt64(objects.count))
    out.append("bplist00")
    let references = self.references
    // Through the buffer: one uniqueness check for the whole table, not one per object.
    try objects.withUnsafeMutableBufferPointer { (objects) throws(Scalars.Failure) in
      for position in objects.indices {
        let object = objects[position]
        objects[position] = UInt64(out.position - fileStart)
        let start = Int(object >> 2)
        switch object & 3 {
        case 0:
          try scalars.append(UInt64(start), to: out)
        default:
          let count = Int(references[start])
          let isArray = object & 3 == Self.arrayTag
          BinaryPlistWriter.appendHeader(isArray ? 0xA0 : 0xD0, count: count, to: out)
          let children = UnsafeBufferPointer(
            start: references + start + 1, count: isArray ? count : 2 * count)
          for reference in children {
            out.appendBigEndian(UInt64(reference), width: referenceWidth)
          }
        }
        out.flushIfFull()
      }
    }
    let tableOffset = out.position - fileStart
    BinaryPlistWriter.appendTrailer(
      offsets: objects, tableOffset: tableOffset, offsetSize: width(UInt64(tableOffset)),
      referenceSize: referenceWidth, to: out)
  }
}

/// A writer of `bplist00`: the order it numbered its objects in, and how it encodes its
/// scalars, each known by the handle it numbered it with (`BinaryWriterOrder.add(scalar:)`).
protocol BinaryScalarEncoder {
  associatedtype Failure: Error
  /// The writer's numbering, which `writeObjects` uses up.
  var order: BinaryWriterOrder { get set }
  /// Appends scalar `handle`'s object: its marker, any count, its payload.
  mutating func append(_ handle: UInt64, to out: ByteOutput) throws(Failure)
}

extension BinaryScalarEncoder {
  /// Writes the file in the writer's numbering (`BinaryWriterOrder.emit`), which is used up.
  /// The order is taken out of the writer while it writes, because writing hands it the
  /// writer itself to encode the scalars.
  ///
  /// - Parameters:
  ///   - out: Where the file goes, from its `position` (drained as it fills).
  ///   - width: How many bytes hold a number up to the value given.
  /// - Throws: What encoding a scalar throws.
  mutating func writeObjects(
    to out: ByteOutput, width: (UInt64) -> Int = BinaryPlistWriter.byteWidth
  ) throws(Failure) {
    var order = self.order
    self.order = BinaryWriterOrder()
    try order.emit(to: out, &self, width: width)
  }
}

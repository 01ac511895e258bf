/// Writes a `CompactPlist` as `bplist00`, with the bytes `BinaryPlistWriter` writes for the
/// same value: its scalars are uniqued already (`ScalarPool`), so numbering them in the
/// writer's order (`BinaryWriterOrder`) only needs to know which were met; each is then
/// copied from the pool.
///
/// The tables are plain buffers, walked without Swift arrays' checks: every index in them
/// comes from the reader (ids below the pool's count, ranges within `children`).
struct CompactPlistWriter: BinaryScalarEncoder {
  typealias Failure = Never
  /// A value of the storage: a scalar's id or a container's index.
  private typealias Reference = CompactPlist.Reference

  /// What is written; its scalars are copied out of its pool.
  private let plist: CompactPlist
  /// `plist.children`, for the duration of the write.
  private let children: UnsafeBufferPointer<Reference>
  /// `plist.containers`, for the duration of the write.
  private let containers: UnsafeBufferPointer<CompactPlist.Container>
  /// Each scalar's object number, `unnumbered` until it is met.
  private let numbers: UnsafeMutableBufferPointer<UInt32>
  var order: BinaryWriterOrder
  /// The number of a scalar not met yet.
  private static let unnumbered = UInt32.max

  /// Writes the property list.
  ///
  /// - Throws: Only for more objects than a file holds, which a text that fits in memory
  ///   cannot give (`CompactPlist.maximumTextSize`).
  static func write(_ plist: CompactPlist, to out: ByteOutput) throws(PlistEncodingError) {
    try plist.children.withUnsafeBufferPointer { (children) throws(PlistEncodingError) in
      try plist.containers.withUnsafeBufferPointer { (containers) throws(PlistEncodingError) in
        var writer = CompactPlistWriter(plist, children: children, containers: containers)
        defer { writer.numbers.deallocate() }
        try writer.number(plist.root)
        writer.writeObjects(to: out)
      }
    }
  }

  /// Tables sized for every scalar and container (uniquing may leave some scalars out).
  private init(
    _ plist: CompactPlist, children: UnsafeBufferPointer<Reference>,
    containers: UnsafeBufferPointer<CompactPlist.Container>
  ) {
    self.plist = plist
    self.children = children
    self.containers = containers
    numbers = .allocate(capacity: plist.scalars.count)
    numbers.initialize(repeating: Self.unnumbered)
    order = BinaryWriterOrder(
      objects: plist.scalars.count + containers.count,
      references: children.count + containers.count)
  }

  /// Numbers a value and what it holds, in the writer's order.
  private mutating func number(_ reference: Reference) throws(PlistEncodingError) {
    guard CompactPlist.isContainer(reference) else { return try numberScalar(reference) }
    let container = containers[Int(reference & ~CompactPlist.containerBit)]
    try order.open(isDictionary: container.isDictionary, count: container.count)
    for child in children[container.start..<(container.start + container.referenceCount)] {
      // Scalars here, not in a call each: most children are.
      if CompactPlist.isContainer(child) { try number(child) } else { try numberScalar(child) }
    }
    order.close()
  }

  /// Numbers a scalar where it first occurs.
  @inline(__always)
  private mutating func numberScalar(_ reference: Reference) throws(PlistEncodingError) {
    if numbers[Int(reference)] == Self.unnumbered {
      numbers[Int(reference)] = try order.add(scalar: UInt64(reference))
    } else {
      order.refer(to: numbers[Int(reference)])
    }
  }

  /// Copies scalar `handle`'s encoding from the pool.
  func append(_ handle: UInt64, to out: ByteOutput) {
    out.append(plist.scalars.encoding(UInt32(handle)))
  }
}

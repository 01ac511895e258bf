/// Writes a `CompactPlist` as `bplist00`, with the bytes `BinaryPlistWriter` writes for the
/// same value: objects numbered depth-first (a container, then its keys, then its values),
/// each scalar where it first occurs, then emitted in that order — scalars copied from the
/// pool, containers as their children's numbers.
///
/// The tables are plain buffers, walked without Swift arrays' checks: every index in them
/// comes from the reader (ids below the pool's count, ranges within `children`).
struct CompactPlistWriter {
  /// A value of the storage: a scalar's id or a container's index.
  private typealias Reference = CompactPlist.Reference

  /// What is written; its scalars are copied out of its pool.
  private let plist: CompactPlist
  /// `plist.children`, for the duration of the write.
  private let children: UnsafeBufferPointer<Reference>
  /// `plist.containers`, for the duration of the write.
  private let containers: UnsafeBufferPointer<CompactPlist.Container>
  /// Each scalar's object number, `unnumbered` until it is met.
  private let scalarNumbers: UnsafeMutableBufferPointer<UInt32>
  /// Each container's object number.
  private let containerNumbers: UnsafeMutableBufferPointer<UInt32>
  /// The objects in the order they are written: the first `objectCount`.
  private let order: UnsafeMutableBufferPointer<Reference>
  /// How many objects are numbered so far.
  private var objectCount = 0
  /// The number of a scalar not met yet.
  private static let unnumbered = UInt32.max

  /// Writes the property list.
  static func write(_ plist: CompactPlist, to out: ByteOutput) {
    plist.children.withUnsafeBufferPointer { children in
      plist.containers.withUnsafeBufferPointer { containers in
        var writer = CompactPlistWriter(plist, children: children, containers: containers)
        defer { writer.deallocate() }
        writer.number(plist.root)
        writer.emit(to: out)
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
    scalarNumbers = .allocate(capacity: plist.scalars.count)
    scalarNumbers.initialize(repeating: Self.unnumbered)
    containerNumbers = .allocate(capacity: containers.count)
    containerNumbers.initialize(repeating: 0)
    order = .allocate(capacity: plist.scalars.count + containers.count)
  }

  /// Frees the tables.
  private func deallocate() {
    scalarNumbers.deallocate()
    containerNumbers.deallocate()
    order.deallocate()
  }

  /// Numbers a value and what it holds, in the writer's order.
  private mutating func number(_ reference: Reference) {
    guard CompactPlist.isContainer(reference) else {
      numberScalar(reference)
      return
    }
    let index = Int(reference & ~CompactPlist.containerBit)
    containerNumbers[index] = UInt32(objectCount)
    order[objectCount] = reference
    objectCount += 1
    let container = containers[index]
    for child in children[container.start..<(container.start + container.referenceCount)] {
      // Scalars here, not in a call each: most children are.
      if CompactPlist.isContainer(child) { number(child) } else { numberScalar(child) }
    }
  }

  /// Numbers a scalar where it first occurs.
  @inline(__always)
  private mutating func numberScalar(_ reference: Reference) {
    if scalarNumbers[Int(reference)] == Self.unnumbered {
      scalarNumbers[Int(reference)] = UInt32(objectCount)
      order[objectCount] = reference
      objectCount += 1
    }
  }

  /// The header, the objects in their numbers' order, the offset table and the trailer.
  private func emit(to out: ByteOutput) {
    let fileStart = out.position
    let referenceWidth = BinaryPlistWriter.byteWidth(UInt64(objectCount))
    var offsets: [Int] = []
    offsets.reserveCapacity(objectCount)
    out.append("bplist00")
    for reference in order[..<objectCount] {
      offsets.append(out.position - fileStart)
      guard CompactPlist.isContainer(reference) else {
        out.append(plist.scalars.encoding(reference))
        out.flushIfFull()
        continue
      }
      let container = containers[Int(reference & ~CompactPlist.containerBit)]
      BinaryPlistWriter.appendHeader(
        container.isDictionary ? 0xD0 : 0xA0, count: container.count, to: out)
      for child in children[container.start..<(container.start + container.referenceCount)] {
        let number =
          CompactPlist.isContainer(child)
          ? containerNumbers[Int(child & ~CompactPlist.containerBit)]
          : scalarNumbers[Int(child)]
        out.appendBigEndian(UInt64(number), width: referenceWidth)
      }
      out.flushIfFull()
    }
    BinaryPlistWriter.appendTrailer(
      offsets: offsets, tableOffset: out.position - fileStart, referenceSize: referenceWidth,
      to: out)
  }
}

/// Writes a `CompactPlist` as `bplist00`, with the bytes `BinaryPlistWriter` writes for the
/// same value: objects numbered depth-first (a container, then its keys, then its values),
/// each scalar where it first occurs, then emitted in that order — scalars copied from the
/// pool, containers as their children's numbers.
struct CompactPlistWriter {
  private typealias Reference = CompactPlist.Reference

  private let plist: CompactPlist
  /// Each scalar's object number, `unnumbered` until it is met.
  private var scalarNumbers: [UInt32]
  /// Each container's object number.
  private var containerNumbers: [UInt32]
  /// The objects in the order they are written.
  private var order: [Reference] = []
  private static let unnumbered = UInt32.max

  private init(_ plist: CompactPlist) {
    self.plist = plist
    scalarNumbers = [UInt32](repeating: Self.unnumbered, count: plist.scalars.count)
    containerNumbers = [UInt32](repeating: 0, count: plist.containers.count)
    order.reserveCapacity(plist.scalars.count + plist.containers.count)
  }

  /// Writes the property list.
  static func write(_ plist: CompactPlist, to out: ByteOutput) {
    var writer = CompactPlistWriter(plist)
    writer.number(plist.root)
    writer.emit(to: out)
  }

  /// Numbers a value and what it holds, in the writer's order.
  private mutating func number(_ reference: Reference) {
    guard CompactPlist.isContainer(reference) else {
      if scalarNumbers[Int(reference)] == Self.unnumbered {
        scalarNumbers[Int(reference)] = UInt32(order.count)
        order.append(reference)
      }
      return
    }
    containerNumbers[Int(reference & ~CompactPlist.containerBit)] = UInt32(order.count)
    order.append(reference)
    let container = plist.container(reference)
    for index in container.start..<(container.start + container.referenceCount) {
      number(plist.children[index])
    }
  }

  private func emit(to out: ByteOutput) {
    let fileStart = out.position
    let referenceWidth = BinaryPlistWriter.byteWidth(UInt64(order.count))
    var offsets: [Int] = []
    offsets.reserveCapacity(order.count)
    out.append("bplist00")
    for reference in order {
      offsets.append(out.position - fileStart)
      guard CompactPlist.isContainer(reference) else {
        out.append(plist.scalars.encoding(reference))
        out.flushIfFull()
        continue
      }
      let container = plist.container(reference)
      BinaryPlistWriter.appendHeader(
        container.isDictionary ? 0xD0 : 0xA0, count: container.count, to: out)
      for index in container.start..<(container.start + container.referenceCount) {
        out.appendBigEndian(UInt64(objectNumber(plist.children[index])), width: referenceWidth)
      }
      out.flushIfFull()
    }
    BinaryPlistWriter.appendTrailer(
      offsets: offsets, tableOffset: out.position - fileStart, to: out)
  }

  @inline(__always)
  private func objectNumber(_ reference: Reference) -> UInt32 {
    CompactPlist.isContainer(reference)
      ? containerNumbers[Int(reference & ~CompactPlist.containerBit)]
      : scalarNumbers[Int(reference)]
  }
}

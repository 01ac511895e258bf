/// Where a writer's bytes go: an in-memory buffer, optionally drained to a file as it fills,
/// so that converting a large plist never holds the whole output in memory.
struct ByteOutput {
  var bytes: [UInt8] = []
  private let drain: ((inout [UInt8]) -> Void)?
  /// Bytes already handed to the drain.
  private var drained = 0
  private static let drainThreshold = 1 << 16

  /// - Parameter drain: Called with the buffered bytes whenever 64 KiB have accumulated; it
  ///   must empty the buffer. Nil keeps everything in memory.
  init(drain: ((inout [UInt8]) -> Void)? = nil) {
    self.drain = drain
    bytes.reserveCapacity(drain == nil ? 4096 : Self.drainThreshold + 4096)
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  @inline(__always)
  mutating func append(_ string: StaticString) {
    string.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  @inline(__always)
  mutating func append(contentsOf other: some Sequence<UInt8>) {
    bytes.append(contentsOf: other)
  }

  /// Hands a full buffer to the drain; writers call it between values.
  @inline(__always)
  mutating func flushIfFull() {
    if bytes.count >= Self.drainThreshold, let drain {
      drained += bytes.count
      drain(&bytes)
    }
  }

  /// How many bytes have been written so far, drained or not.
  var position: Int { drained + bytes.count }

  /// Hands whatever is left to the drain (if any) and returns what stays in memory.
  mutating func finish() -> [UInt8] {
    if let drain, !bytes.isEmpty { drain(&bytes) }
    return bytes
  }
}

/// Where a writer's bytes go: a growable buffer of its own (so an append is a store and a
/// pointer bump, without `Array`'s per-call uniqueness and capacity checks), optionally drained
/// to a file every 64 KiB, so that converting a large plist never holds the whole output.
final class ByteOutput {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0
  /// Bytes already handed to the drain.
  private var drained = 0
  private let drain: ((UnsafeBufferPointer<UInt8>) -> Void)?
  private static let drainThreshold = 1 << 16

  /// - Parameter drain: Receives the buffered bytes whenever 64 KiB have accumulated, and at
  ///   the end; it must not keep the pointer. Nil keeps everything in memory.
  init(drain: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil) {
    self.drain = drain
    capacity = drain == nil ? 4096 : Self.drainThreshold + 4096
    storage = .allocate(capacity: capacity)
  }

  /// An output kept in memory, with room for `capacity` bytes before it grows (pages not
  /// yet written cost nothing).
  init(reservingCapacity capacity: Int) {
    drain = nil
    self.capacity = max(capacity, 4096)
    storage = .allocate(capacity: self.capacity)
  }

  deinit { storage.deallocate() }

  /// How many bytes have been written so far, drained or not.
  var position: Int { drained + count }

  @inline(__always)
  func append(_ byte: UInt8) {
    if count == capacity { grow(minimum: 1) }
    storage[count] = byte
    count += 1
  }

  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    if capacity - count < bytes.count { grow(minimum: bytes.count) }
    (storage + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  @inline(__always)
  func append(_ string: StaticString) {
    string.withUTF8Buffer { append($0) }
  }

  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  func append(utf8 string: String) {
    var copy = string
    copy.withUTF8 { append($0) }
  }

  /// Appends what `fill` writes into room for `maximum` bytes; `fill` returns how many it
  /// wrote (at most `maximum`), which this returns too.
  @inline(__always)
  func append<Failure: Error>(
    atMost maximum: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Int
  ) throws(Failure) -> Int {
    if capacity - count < maximum { grow(minimum: maximum) }
    let written = try fill(UnsafeMutableBufferPointer(start: storage + count, count: maximum))
    count += written
    return written
  }

  @inline(__always)
  func append(repeating byte: UInt8, count n: Int) {
    guard n > 0 else { return }
    if capacity - count < max(n, 8) { grow(minimum: max(n, 8)) }
    if n <= 8 {
      // An indentation, mostly: eight copies stored at once (a call to memset cost more
      // than the bytes); those past `n` are not counted, and the next append writes over them.
      UnsafeMutableRawPointer(storage + count).storeBytes(
        of: UInt64(byte) &* 0x0101_0101_0101_0101, as: UInt64.self)
    } else {
      (storage + count).update(repeating: byte, count: n)
    }
    count += n
  }

  /// Appends the low `width` bytes of `value`, most significant first.
  @inline(__always)
  func appendBigEndian(_ value: UInt64, width: Int) {
    if capacity - count < 8 { grow(minimum: 8) }
    let target = UnsafeMutableRawPointer(storage + count)
    switch width {
    case 1: target.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
    case 2: target.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
    case 4: target.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
    case 8: target.storeBytes(of: value.bigEndian, as: UInt64.self)
    default:
      var shift = (width - 1) * 8
      var offset = 0
      while shift >= 0 {
        target.storeBytes(
          of: UInt8(truncatingIfNeeded: value >> UInt64(shift)), toByteOffset: offset,
          as: UInt8.self)
        offset += 1
        shift -= 8
      }
    }
    count += width
  }

  /// Appends a number in decimal, zero-padded to `width` digits after any sign.
  func appendDecimal(_ value: Int64, width: Int = 1) {
    appendDecimal(magnitude: value.magnitude, negative: value < 0, width: width)
  }

  /// Appends a sign and a magnitude in decimal, the digits zero-padded to `width`.
  func appendDecimal(magnitude: UInt64, negative: Bool, width: Int = 1) {
    if negative { append(UInt8(ascii: "-")) }
    var rest = magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    var length = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - length] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        length += 1
      } while rest > 0
      append(repeating: UInt8(ascii: "0"), count: width - length)
      append(UnsafeRawBufferPointer(rebasing: buffer[(24 - length)...]).bindMemory(to: UInt8.self))
    }
  }

  /// The bytes not yet drained in `range` (offsets from the start of the output); valid
  /// until the next append.
  @inline(__always)
  func buffered(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: storage + (range.lowerBound - drained), count: range.count)
  }

  /// Drops what was appended after `position`, which must not be drained yet.
  @inline(__always)
  func truncate(to position: Int) {
    count = position - drained
  }

  /// Hands a full buffer to the drain; writers call it between values.
  @inline(__always)
  func flushIfFull() {
    if count >= Self.drainThreshold, drain != nil { flush() }
  }

  private func flush() {
    guard let drain else { return }
    drain(UnsafeBufferPointer(start: storage, count: count))
    drained += count
    count = 0
  }

  /// Drains whatever is left (if there is a drain) and returns what stays in memory.
  func finish() -> [UInt8] {
    flush()
    return Array(UnsafeBufferPointer(start: storage, count: count))
  }

  /// `finish()` as text, without the array between (a `read D K` makes none).
  func finishText() -> String {
    flush()
    return String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
  }

  private func grow(minimum: Int) {
    let newCapacity = max(capacity * 2, count + minimum)
    let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newStorage.update(from: storage, count: count)
    storage.deallocate()
    storage = newStorage
    capacity = newCapacity
  }
}

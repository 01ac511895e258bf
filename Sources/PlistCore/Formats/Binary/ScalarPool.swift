/// Scalars as binary plist objects, each distinct one stored once, in one buffer: what a
/// reader converting to binary keeps of a string, number, date or data instead of a value.
///
/// A scalar is appended already encoded (marker, length, payload) and then interned: equal
/// encodings are equal scalars (same type, same bits, as `BinaryPlistWriter` uniques them),
/// because each type has its own markers and each encoding is one-to-one, so the copy just
/// appended is dropped when an earlier one has the same bytes.
struct ScalarPool {
  /// The encodings, one after another, in the order they were first interned.
  let bytes: ByteOutput
  /// Where each scalar's encoding starts in `bytes`, and one more entry: the end.
  private var starts: [Int] = [0]
  /// The ids by the hash of their encoding.
  private var table: ScalarTable

  /// - Parameter expectedBytes: About how large the input is: the table and the buffer are
  ///   sized from it, so that they rarely grow.
  init(expectedBytes: Int) {
    // As much as the input: encoded scalars rarely take more (UTF-16 of CJK text, data
    // decoded from base64 take less), and pages never written cost nothing, where growing
    // from half held both buffers at once (3.1 times a 10 MB input of non-ASCII text).
    bytes = ByteOutput(reservingCapacity: expectedBytes)
    table = ScalarTable(capacity: expectedBytes / 32)
    starts.reserveCapacity(expectedBytes / 32)
  }

  /// How many distinct scalars there are.
  var count: Int { starts.count - 1 }

  /// Where the next scalar is to be appended in `bytes`, for `intern(from:)`.
  var end: Int { bytes.position }

  /// The encoding of scalar `id`, valid until the next append.
  @inline(__always)
  func encoding(_ id: UInt32) -> UnsafeBufferPointer<UInt8> {
    bytes.buffered(starts[Int(id)]..<starts[Int(id) + 1])
  }

  /// The id of the encoding appended to `bytes` since `start` (`end` before it was
  /// appended): an earlier scalar with the same bytes, the copy then dropped, or a new one.
  @inline(__always)
  mutating func intern(from start: Int) -> UInt32 {
    let candidate = bytes.buffered(start..<bytes.position)
    let hash = table.hash(bytes: candidate)
    let (found, slot) = table.find(hash: hash) { id in
      Platform.bytesEqual(encoding(UInt32(id)), candidate)
    }
    if let found {
      bytes.truncate(to: start)
      return UInt32(found)
    }
    starts.append(bytes.position)
    table.insert(count - 1, hash: hash, at: slot)
    return UInt32(count - 1)
  }
}

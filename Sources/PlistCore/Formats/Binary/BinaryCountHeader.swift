/// The count that a data, string, array or dictionary object carries, decoded in this one
/// place: below 15 it is the marker's low nibble; at 15 an integer object follows the marker,
/// `0x1w` and then 2^w bytes, high first (w ≤ 3). The reader adds its own limit on the count
/// (`BinaryPlistReader.countAndPayload`), the canonical-layout check its own on the form
/// (`BinaryCanonicalDomain.header`); both, and the look-ups on checked bytes, decode here.
struct BinaryCountHeader {
  /// The count, as the bytes give it (no limit applied).
  let count: UInt64
  /// Where the object's payload (its bytes, units or references) starts.
  let payload: Int
  /// How many bytes the integer object's value takes; 0 when the nibble holds the count.
  let width: Int

  /// Why a header cannot be decoded.
  enum Fault: Error {
    /// The header runs past `end`; the byte offset is where the reader names it.
    case truncated(at: Int)
    /// The marker's nibble is 15 and no integer object of 1, 2, 4 or 8 bytes follows.
    case notAnInteger
  }

  /// The header of the object at `start`, whose bytes must end by `end`.
  @inline(__always)
  init(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) throws(Fault) {
    let nibble = bytes[start] & 0x0F
    if nibble != 0x0F {
      (count, payload, width) = (UInt64(nibble), start + 1, 0)
      return
    }
    guard start + 1 < end else { throw .truncated(at: start) }
    let integerMarker = bytes[start + 1]
    guard integerMarker >> 4 == 0x1, integerMarker & 0x0F <= 3 else { throw .notAnInteger }
    width = 1 << Int(integerMarker & 0x0F)
    // Named at the integer object's marker, where the reader's range check names it.
    guard start + 2 + width <= end else { throw .truncated(at: start + 1) }
    count = BinaryPlistTrailer.readUInt(bytes, at: start + 2, width: width)
    payload = start + 2 + width
  }

  /// The header of a string object in bytes already checked (a key the walk read, or one the
  /// writer wrote).
  @inline(__always)
  init(checked bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
    do { try self.init(bytes, at: start, end: bytes.count) } catch {
      preconditionFailure("a checked object's count header does not decode")
    }
  }
}

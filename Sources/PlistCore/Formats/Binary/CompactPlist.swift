/// A property list in a few flat arrays, as the XML reader leaves it for the binary writer
/// when converting XML to binary: no heap object per string, array or dictionary, nothing
/// retained or released, and scalars already encoded and uniqued as the binary writer
/// would (`ScalarPool`).
///
/// Dictionaries hold what `PlistDictionary` would: keys in key order, each once (the last
/// value of a repeated key), and a `CF$UID` dictionary is a UID. `CompactPlistWriter` writes
/// it with the bytes `BinaryPlistWriter` writes for the value the tree reader reads.
struct CompactPlist {
  /// A value: a scalar's id in `scalars`, or a container's index in `containers` with
  /// `containerBit` set.
  typealias Reference = UInt32

  /// Marks a reference to a container.
  static let containerBit: Reference = 1 << 31

  /// An array or a dictionary: its children are `children[start...]`, `count` values for
  /// an array, `count` keys and then `count` values for a dictionary.
  struct Container {
    /// Where its references begin in `children`.
    let start: Int
    /// How many values (an array) or entries (a dictionary) it holds.
    let count: Int
    /// A dictionary (`0xDn`) rather than an array (`0xAn`).
    let isDictionary: Bool

    /// How many references it holds.
    var referenceCount: Int { isDictionary ? 2 * count : count }
  }

  /// The scalars, encoded.
  var scalars: ScalarPool
  /// The containers, each after its children (in the order they were closed).
  var containers: [Container] = []
  /// The containers' children, each container's together.
  var children: [Reference] = []
  /// The top value.
  var root: Reference = 0

  /// The largest document read this way, in the bytes given: each value takes at least six
  /// bytes of XML (`<key/>`), and UTF-16 is at most half as long again as UTF-8, so its
  /// scalars and containers stay below `containerBit` each.
  static let maximumTextSize = 1 << 32

  /// - Parameter expectedBytes: The size of the text it is read from, to size the tables.
  init(expectedBytes: Int) {
    scalars = ScalarPool(expectedBytes: expectedBytes)
    children.reserveCapacity(expectedBytes / 24)
  }

  /// Whether a reference is to a container.
  @inline(__always)
  static func isContainer(_ reference: Reference) -> Bool { reference & containerBit != 0 }

}

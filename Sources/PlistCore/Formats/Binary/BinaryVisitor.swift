/// What the one walk of a binary property list in file order (`BinaryWalk`) hands each
/// object to: building the tree, checking without values and looking up a root key are each
/// a visitor of it.
///
/// The walk reads and checks every byte: offsets, references, counts, ranges, cycles, the
/// nesting limit, the expansion budget, integer widths, ASCII, UTF-16 surrogates and the
/// string type of keys. It reports every problem itself, in one order, so every visitor
/// refuses the same files with the same first error. A visitor only makes something of what
/// it is given; where it checks something in passing (UTF-16 while decoding it) it answers
/// nil and the walk reports the problem.
///
/// An object used again (binary plists share objects) is walked once: the walk then charges
/// its budget and checks its depth from what it recorded, and asks the visitor for what it
/// made of it (`reuse(_:)`).
protocol BinaryVisitor {
  /// What an object becomes.
  associatedtype Value

  /// Whether the visitor keeps what it made of each object, for `reuse(_:)`. A visitor that
  /// does not (one value of a file already checked in full) has every use of a shared
  /// object walked again.
  var keepsValues: Bool { get }
  /// What the visitor keeps of an array while it is open.
  associatedtype OpenArray
  /// What the visitor keeps of a dictionary while it is open.
  associatedtype OpenDictionary

  /// A boolean (`0x08`, `0x09`), an integer read and checked (`0x1n`), a real (`0x22`,
  /// `0x23`), a date (`0x33`) or a UID (`0x8n`).
  mutating func scalar(_ value: PlistValue) -> Value
  /// Data: its bytes (`0x4n`).
  mutating func data(_ bytes: UnsafeBufferPointer<UInt8>) -> Value
  /// An ASCII string: its bytes, checked (`0x5n`).
  mutating func ascii(_ bytes: UnsafeBufferPointer<UInt8>) -> Value
  /// A UTF-16 string: its units, high byte first, not yet checked (`0x6n`). Nil when a
  /// surrogate is unpaired.
  mutating func utf16(_ units: UnsafeBufferPointer<UInt8>) -> Value?

  /// An array opens.
  mutating func openArray() -> OpenArray
  /// A value of the innermost open array.
  mutating func append(_ value: Value, to array: inout OpenArray)
  /// The innermost open array closes.
  mutating func closeArray(_ array: OpenArray) -> Value

  /// A dictionary opens, inside `depth` containers.
  mutating func openDictionary(depth: Int) -> OpenDictionary
  /// An entry of the innermost open dictionary: the key (a string) and the value, with
  /// where the key's object starts and the value's object number.
  mutating func add(
    key: Value, value: Value, to dictionary: inout OpenDictionary, keyAt: Int, valueObject: Int)
  /// The innermost open dictionary closes.
  mutating func closeDictionary(_ dictionary: OpenDictionary) -> Value

  /// Object `index`, finished before, used again.
  mutating func reuse(_ index: Int) -> Value
  /// Object `index` is finished: what the visitor made of it.
  mutating func finish(_ index: Int, _ value: Value)
}

/// A visitor that makes nothing (`Value` is `Void`) writes only what it checks or notes.
extension BinaryVisitor where Value == Void, OpenArray == Void {
  var keepsValues: Bool { true }
  @inline(__always)
  func scalar(_ value: PlistValue) {}
  @inline(__always)
  func data(_ bytes: UnsafeBufferPointer<UInt8>) {}
  @inline(__always)
  func ascii(_ bytes: UnsafeBufferPointer<UInt8>) {}
  /// Checked, as reading them would.
  @inline(__always)
  func utf16(_ units: UnsafeBufferPointer<UInt8>) -> Void? {
    UTF16BigEndian.isWellFormed(units) ? () : nil
  }
  @inline(__always)
  func openArray() {}
  @inline(__always)
  func append(_ value: Void, to array: inout Void) {}
  @inline(__always)
  func closeArray(_ array: Void) {}
  @inline(__always)
  func reuse(_ index: Int) {}
  @inline(__always)
  func finish(_ index: Int, _ value: Void) {}
}

/// A visitor that keeps nothing of a dictionary either: only checks.
extension BinaryVisitor where Value == Void, OpenArray == Void, OpenDictionary == Void {
  @inline(__always)
  func openDictionary(depth: Int) {}
  @inline(__always)
  func add(key: Void, value: Void, to dictionary: inout Void, keyAt: Int, valueObject: Int) {}
  @inline(__always)
  func closeDictionary(_ dictionary: Void) {}
}

/// Checks a file without making anything of it, each object once: what a look-up does to the
/// whole file, and what names a conversion's first error (`BinaryKeyOrderWalk.firstError`).
struct BinarySkipVisitor: BinaryVisitor {
  typealias Value = Void
  typealias OpenArray = Void
  typealias OpenDictionary = Void
}

/// Checks each use of an object, keeping no extents: for the key-order walk, which unfolds
/// shared objects and so charges each use itself.
struct BinaryUnfoldingCheckVisitor: BinaryVisitor {
  typealias Value = Void
  typealias OpenArray = Void
  typealias OpenDictionary = Void
  var keepsValues: Bool { false }
}

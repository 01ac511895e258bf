/// What the one walk of an XML property list (`XMLPlistReader.walkDocument(_:)`) hands each
/// value to: building the tree, checking without values, looking up a root key and filling
/// the compact storage for the binary writer are each a visitor of it.
///
/// The walk reads and checks every byte: tags, text, numbers, dates, base64, nesting and the
/// `CF$UID` spelling. It reports every problem itself, in one order, so every visitor
/// refuses the same documents with the same first error. A visitor only makes something of
/// what it is given. Where it checks something in passing (a string's UTF-8 while encoding
/// it, base64 while decoding it), it answers nil and the walk reports the problem.
///
/// Visitors are structs, and the walk is generic over them: each is compiled into a walk of
/// its own, with nothing dynamic left between the grammar and the visitor.
protocol XMLVisitor {
  /// What a value becomes.
  associatedtype Value
  /// What a dictionary's key becomes.
  associatedtype Key
  /// What the visitor keeps of an array while it is open.
  associatedtype OpenArray
  /// What the visitor keeps of a dictionary while it is open.
  associatedtype OpenDictionary

  /// Whether the visitor uses the values of reals. When it does not, the walk checks a real
  /// that surely parses without converting it, and hands over 0.
  static var usesReals: Bool { get }
  /// Whether the visitor remembers key lists (`knownKey(at:in:)`); the walk does not ask
  /// one that does not.
  static var remembersKeys: Bool { get }

  /// A `<string>` (or a `<key>` used as a value): its text, entities decoded, not yet
  /// checked as UTF-8. Nil when the text is not UTF-8.
  mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) -> Value?
  /// `<true/>`, `<false/>`, or an `<integer>`, `<real>` or `<date>` read and checked (a real
  /// is 0 when the visitor does not use reals).
  mutating func scalar(_ value: PlistValue) -> Value
  /// A `<data>`: its base64 text, not yet checked. Nil when the text is not valid base64.
  mutating func data(base64 text: UnsafeBufferPointer<UInt8>) -> Value?

  /// An `<array>` opens.
  mutating func openArray() -> OpenArray
  /// A value of the innermost open array.
  mutating func append(_ value: Value, to array: inout OpenArray)
  /// The innermost open array closes.
  mutating func close(_ array: OpenArray) -> Value

  /// A `<dict>` opens, inside `depth` containers.
  mutating func openDictionary(depth: Int) -> OpenDictionary
  /// A key of the innermost open dictionary: its text, entities decoded, not yet checked as
  /// UTF-8. Nil when the text is not UTF-8.
  mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary)
    -> Key?
  /// The next key, when `text` starts with a `<key>` element the visitor remembers from
  /// earlier dictionaries (`KeyLists`), and the element's length; nil to have it read.
  mutating func knownKey(at text: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary)
    -> (key: Key, length: Int)?
  /// Whether the visitor wants the value of `key`. The walk only checks a value that is not
  /// wanted (`XMLSkipVisitor`), and then calls `skip(_:in:)` instead of `add(_:_:to:)`.
  func wants(_ key: Key, in dictionary: OpenDictionary) -> Bool
  /// An entry of the innermost open dictionary.
  mutating func add(_ key: Key, _ value: Value, to dictionary: inout OpenDictionary)
  /// An entry whose value was only checked.
  mutating func skip(_ key: Key, in dictionary: inout OpenDictionary)
  /// The innermost open dictionary closes; `uid` is set when its only key is `CF$UID` and
  /// holds a non-negative integer, which is how XML spells a UID.
  mutating func close(_ dictionary: OpenDictionary, uid: UInt64?) -> Value
}

extension XMLVisitor {
  static var remembersKeys: Bool { false }

  /// Remembers no key lists.
  @inline(__always)
  mutating func knownKey(at text: UnsafeBufferPointer<UInt8>, in dictionary: inout OpenDictionary)
    -> (key: Key, length: Int)?
  { nil }

  /// Every value is wanted.
  @inline(__always)
  func wants(_ key: Key, in dictionary: OpenDictionary) -> Bool { true }

  /// Never called while every value is wanted.
  @inline(__always)
  mutating func skip(_ key: Key, in dictionary: inout OpenDictionary) {}
}

/// Checks a document without making anything of it: what a look-up does with the values it
/// does not want, and what `find` does with a whole file.
struct XMLSkipVisitor: XMLVisitor {
  static var usesReals: Bool { false }

  /// Checked, as making a string of them would.
  @inline(__always)
  func string(_ utf8: UnsafeBufferPointer<UInt8>) -> Void? {
    ASCII.isASCII(utf8) || UTF8Text.isValid(utf8) ? () : nil
  }

  func data(base64 text: UnsafeBufferPointer<UInt8>) -> Void? {
    do throws(Base64.DecodeFailure) {
      return try Base64.check(text)
    } catch {
      return nil
    }
  }

  @inline(__always)
  func key(_ utf8: UnsafeBufferPointer<UInt8>, in dictionary: inout Void) -> Void? {
    string(utf8)
  }

  @inline(__always) func scalar(_ value: PlistValue) {}
  @inline(__always) func openArray() {}
  @inline(__always) func append(_ value: Void, to array: inout Void) {}
  @inline(__always) func close(_ array: Void) {}
  @inline(__always) func openDictionary(depth: Int) {}
  @inline(__always) func add(_ key: Void, _ value: Void, to dictionary: inout Void) {}
  @inline(__always) func close(_ dictionary: Void, uid: UInt64?) {}
}

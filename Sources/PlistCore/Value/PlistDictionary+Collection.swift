// MARK: - The entries as a collection, in key order

extension PlistDictionary: RandomAccessCollection {
  /// The position of the first entry: 0.
  public var startIndex: Int { 0 }

  /// The position after the last entry: `count`.
  public var endIndex: Int { keys.count }

  /// The entry at a position, in key order.
  ///
  /// - Parameter position: An index in `startIndex ..< endIndex`.
  /// - Returns: The key and its value.
  public subscript(position: Int) -> (key: String, value: PlistValue) {
    (keys[position], values[position])
  }

  /// The entries in key order.
  public struct Iterator: IteratorProtocol {
    private let dictionary: PlistDictionary
    private var index = 0

    init(_ dictionary: PlistDictionary) { self.dictionary = dictionary }

    /// The next entry.
    ///
    /// - Returns: The next key and value, or nil at the end.
    public mutating func next() -> (key: String, value: PlistValue)? {
      guard index < dictionary.keys.count else { return nil }
      defer { index += 1 }
      return (dictionary.keys[index], dictionary.values[index])
    }
  }

  /// Iterates the entries in key order.
  ///
  /// - Returns: The iterator.
  public func makeIterator() -> Iterator { Iterator(self) }
}

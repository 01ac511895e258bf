/// A plist dictionary: string keys to values, kept sorted in CoreFoundation's key order
/// (UTF-16 code units) in two flat arrays.
///
/// Writers walk it in order without sorting; lookups are binary searches; a reader builds it
/// with one sort, or none when the input is already in order, as Apple-written files are.
/// Keys are compared by their bytes, so canonically equivalent but differently encoded keys
/// (NFC and NFD) stay distinct, as they do in CoreFoundation.
public struct PlistDictionary: Sendable {
  /// The keys, sorted and unique.
  public private(set) var keys: [String]
  /// The values, in the order of `keys`.
  public private(set) var values: [PlistValue]

  /// An empty dictionary.
  public init() {
    keys = []
    values = []
  }

  /// A dictionary from entries in any order; for a repeated key, the last entry wins.
  ///
  /// - Parameter entries: Keys and values, in any order.
  public init<Entries: Sequence>(_ entries: Entries)
  where Entries.Element == (key: String, value: PlistValue) {
    var keys: [String] = []
    var values: [PlistValue] = []
    keys.reserveCapacity(entries.underestimatedCount)
    values.reserveCapacity(entries.underestimatedCount)
    for (key, value) in entries {
      keys.append(key)
      values.append(value)
    }
    self.init(keys: keys, values: values)
  }

  /// A dictionary from parallel arrays in any order, as the readers collect them; for a
  /// repeated key, the last entry wins. Internal: it traps unless there is one value per key.
  init(keys: [String], values: [PlistValue]) {
    precondition(keys.count == values.count, "one value per key")
    if KeyOrder.isStrictlyIncreasing(keys) {
      self.keys = keys
      self.values = values
      return
    }
    let kept = KeyOrder.orderKeepingLast(keys)
    self.keys = kept.map { keys[$0] }
    self.values = kept.map { values[$0] }
  }

  /// A dictionary from keys already strictly in key order, as a reader that has checked
  /// them builds it.
  init(orderedKeys keys: [String], values: [PlistValue]) {
    self.keys = keys
    self.values = values
  }

  /// A dictionary with the entries of a Swift dictionary.
  ///
  /// - Parameter dictionary: The entries.
  public init(_ dictionary: [String: PlistValue]) {
    self.init(keys: Array(dictionary.keys), values: Array(dictionary.values))
  }

  /// The number of entries.
  public var count: Int { keys.count }

  /// Whether there are no entries.
  public var isEmpty: Bool { keys.isEmpty }

  /// The value for a key; setting nil removes the entry.
  ///
  /// - Parameter key: The key.
  public subscript(key: String) -> PlistValue? {
    get {
      let (found, index) = position(of: key)
      return found ? values[index] : nil
    }
    set {
      let (found, index) = position(of: key)
      switch (found, newValue) {
      case (true, let value?): values[index] = value
      case (true, nil):
        keys.remove(at: index)
        values.remove(at: index)
      case (false, let value?):
        keys.insert(key, at: index)
        values.insert(value, at: index)
      case (false, nil): break
      }
    }
  }

  /// Removes an entry and returns its value.
  ///
  /// - Parameter key: The key.
  /// - Returns: The removed value, or nil when there was none.
  @discardableResult
  public mutating func removeValue(forKey key: String) -> PlistValue? {
    let old = self[key]
    self[key] = nil
    return old
  }

  /// The same keys with transformed values.
  ///
  /// - Parameter transform: Maps each value.
  /// - Returns: The new dictionary.
  public func mapValues(_ transform: (PlistValue) throws -> PlistValue) rethrows -> PlistDictionary
  {
    var copy = self
    copy.values = try values.map(transform)
    return copy
  }

  /// The entries in order, as a Swift dictionary.
  public var asSwiftDictionary: [String: PlistValue] {
    Dictionary(zip(keys, values), uniquingKeysWith: { _, last in last })
  }

  /// Binary search: whether `key` is present, and its index or insertion point.
  private func position(of key: String) -> (found: Bool, index: Int) {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      let order = KeyOrder.compare(keys[middle], key)
      if order == 0 { return (true, middle) }
      if order < 0 { low = middle + 1 } else { high = middle }
    }
    return (false, low)
  }
}

extension PlistDictionary: ExpressibleByDictionaryLiteral {
  /// A dictionary from a literal; a repeated key's last value wins.
  ///
  /// - Parameter elements: The entries.
  public init(dictionaryLiteral elements: (String, PlistValue)...) {
    self.init(keys: elements.map(\.0), values: elements.map(\.1))
  }
}

extension PlistDictionary: Hashable {
  /// Same keys (byte for byte) and equal values.
  ///
  /// - Parameters:
  ///   - lhs: A dictionary.
  ///   - rhs: Another dictionary.
  /// - Returns: Whether they are equal.
  public static func == (lhs: PlistDictionary, rhs: PlistDictionary) -> Bool {
    lhs.keys.count == rhs.keys.count && lhs.values == rhs.values
      && zip(lhs.keys, rhs.keys).allSatisfy { $0.hasSameUTF8(as: $1) }
  }

  /// Feeds the entries into a hasher.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(keys.count)
    for key in keys {
      var copy = key
      copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
    hasher.combine(values)
  }
}

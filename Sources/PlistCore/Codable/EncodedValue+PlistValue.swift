// MARK: - Between the encoder's model and `PlistValue`

extension EncodedValue {
  /// The value as a `PlistValue`: nil becomes the string `$null`, a `Float` a real, and
  /// dictionaries take CoreFoundation's key order.
  ///
  /// - Parameter depth: How many containers enclose the value.
  /// - Returns: The value.
  /// - Throws: `EncodingError.invalidValue` for containers nested deeper than
  ///   `PropertyList.maximumDepth`.
  func plistValue(depth: Int = 0) throws(EncodingError) -> PlistValue {
    switch self {
    case .null: return .string(Self.nullString)
    case .boolean(let b): return .boolean(b)
    case .signed(let i): return .integer(PlistInteger(i))
    case .unsigned(let u): return .integer(PlistInteger(u))
    case .float(let f): return .real(Double(f))
    case .double(let d): return .real(d)
    case .string(let s): return .string(s)
    case .date(let d): return .date(d)
    case .data(let d): return .data(d)
    case .uid(let u): return .uid(u)
    case .array(let array):
      try Self.checkDepth(depth)
      var items: [PlistValue] = []
      items.reserveCapacity(array.items.count)
      for (index, item) in array.items.enumerated() {
        do { items.append(try item.plistValue(depth: depth + 1)) } catch {
          throw error.inside(PlistCodingKey(index: index))
        }
      }
      return .array(items)
    case .dictionary(let dictionary):
      try Self.checkDepth(depth)
      var values: [PlistValue] = []
      values.reserveCapacity(dictionary.count)
      for (key, value) in zip(dictionary.keys, dictionary.values) {
        do { values.append(try value.plistValue(depth: depth + 1)) } catch {
          throw error.inside(PlistCodingKey(stringValue: key))
        }
      }
      return .dictionary(PlistDictionary(keys: dictionary.keys, values: values))
    }
  }

  /// Throws unless a container inside `depth` others is within `PropertyList.maximumDepth`.
  static func checkDepth(_ depth: Int) throws(EncodingError) {
    guard !NestingLimit.allowsContainer(inside: depth) else { return }
    throw EncodingError.invalidValue(
      (), .init(codingPath: [], debugDescription: tooDeepDescription))
  }

  static let tooDeepDescription =
    "Nesting deeper than \(PropertyList.maximumDepth) levels cannot be written as a property list."

  /// A `PlistValue` as the encoder's model: integers up to `Int64.max` as signed ones,
  /// dictionaries in their own (CoreFoundation's) key order.
  init(_ value: PlistValue) {
    switch value {
    case .string(let s): self = .string(s)
    case .integer(let i):
      if let signed = i.int64Value {
        self = .signed(signed)
      } else {
        self = .unsigned(i.bitPattern)
      }
    case .real(let r): self = .double(r)
    case .boolean(let b): self = .boolean(b)
    case .date(let d): self = .date(d)
    case .data(let d): self = .data(d)
    case .uid(let u): self = .uid(u)
    case .array(let items): self = .array(EncodedArray(items.map(EncodedValue.init)))
    case .dictionary(let dict):
      let encoded = EncodedDictionary()
      for (key, child) in zip(dict.keys, dict.values) {
        encoded.set(EncodedValue(child), forKey: key)
      }
      self = .dictionary(encoded)
    }
  }
}

extension EncodingError {
  /// The same error one level further out, under `key`: writers call this while unwinding,
  /// so that the success path pays nothing for coding paths.
  func inside(_ key: any CodingKey) -> EncodingError {
    guard case .invalidValue(let value, let context) = self else { return self }
    return .invalidValue(
      value,
      .init(
        codingPath: [key] + context.codingPath, debugDescription: context.debugDescription,
        underlyingError: context.underlyingError))
  }
}

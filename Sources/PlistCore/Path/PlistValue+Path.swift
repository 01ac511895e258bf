// MARK: - Reading and changing values at a path

extension PlistValue {
  /// The value at a path.
  ///
  /// - Parameter path: The path.
  /// - Returns: The value, or nil when a key or index along the path does not exist.
  /// - Throws: `PlistError.pathBlocked` when the path steps into a value that is not a
  ///   container, or names an array element with something that is not an index.
  public func value(at path: PlistPath) throws(PlistError) -> PlistValue? {
    var current = self
    for (depth, component) in path.components.enumerated() {
      switch current {
      case .dictionary(let dict):
        guard let next = dict[component] else { return nil }
        current = next
      case .array(let items):
        guard let index = Self.index(component), index < items.count else {
          if Self.index(component) == nil { throw Self.notAnIndex(component, path, depth) }
          return nil
        }
        current = items[index]
      default:
        throw Self.notAContainer(current, path, depth)
      }
    }
    return current
  }

  /// The value with `newValue` at `path`: missing dictionaries along the way are created, an
  /// index equal to an array's count appends.
  ///
  /// - Parameters:
  ///   - newValue: The value to put there.
  ///   - path: Where.
  /// - Returns: The changed value.
  /// - Throws: `PlistError.pathBlocked` when the path steps into a scalar or past the end of
  ///   an array, or names an array element with something that is not an index.
  public func setting(_ newValue: PlistValue, at path: PlistPath) throws(PlistError) -> PlistValue {
    try setting(newValue, at: path, depth: 0)
  }

  private func setting(_ newValue: PlistValue, at path: PlistPath, depth: Int)
    throws(PlistError) -> PlistValue
  {
    guard depth < path.components.count else { return newValue }
    let component = path.components[depth]
    switch self {
    case .dictionary(var dict):
      let child = dict[component] ?? .dictionary(PlistDictionary())
      dict[component] = try child.setting(newValue, at: path, depth: depth + 1)
      return .dictionary(dict)
    case .array(var items):
      guard let index = Self.index(component) else {
        throw Self.notAnIndex(component, path, depth)
      }
      guard index <= items.count else {
        throw .pathBlocked(
          path, blockedAt: path.prefix(depth + 1), reason: .pastEnd(count: items.count))
      }
      if index == items.count {
        items.append(
          try PlistValue.dictionary(PlistDictionary()).setting(newValue, at: path, depth: depth + 1)
        )
      } else {
        items[index] = try items[index].setting(newValue, at: path, depth: depth + 1)
      }
      return .array(items)
    default:
      throw Self.notAContainer(self, path, depth)
    }
  }

  /// The value without the entry at `path`.
  ///
  /// - Parameter path: What to remove (not the root).
  /// - Returns: The changed value, or nil when there is nothing at `path`.
  /// - Throws: `PlistError.pathBlocked` when the path steps into a scalar.
  public func removing(at path: PlistPath) throws(PlistError) -> PlistValue? {
    guard let last = path.components.last, try value(at: path) != nil,
      let parent = try value(at: path.parent)
    else { return nil }
    switch parent {
    case .dictionary(var dict):
      dict[last] = nil
      return try setting(.dictionary(dict), at: path.parent)
    case .array(var items):
      guard let index = Self.index(last) else { return nil }
      items.remove(at: index)
      return try setting(.array(items), at: path.parent)
    default:
      return nil
    }
  }

  // MARK: - Components

  private static func index(_ component: String) -> Int? {
    guard !component.isEmpty, component.utf8.count <= 18, component.utf8.allSatisfy(ASCII.isDigit)
    else { return nil }
    return Int(component)
  }

  private static func notAContainer(_ value: PlistValue, _ path: PlistPath, _ depth: Int)
    -> PlistError
  {
    .pathBlocked(path, blockedAt: path.prefix(depth), reason: .notAContainer(value.type))
  }

  private static func notAnIndex(_ component: String, _ path: PlistPath, _ depth: Int)
    -> PlistError
  {
    .pathBlocked(path, blockedAt: path.prefix(depth), reason: .notAnIndex(component))
  }
}

extension PlistValue {
  /// The value at a key path, or nil when nothing is there or the path cannot be followed:
  /// `info[path: ":CFBundleURLTypes:0:CFBundleURLSchemes"]`.
  ///
  /// - Parameter path: The path.
  public subscript(path path: PlistPath) -> PlistValue? {
    (try? value(at: path)) ?? nil
  }
}

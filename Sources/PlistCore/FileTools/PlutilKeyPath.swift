/// A key path as plutil takes it: keys and array indices separated by `.`, a `\.` being a dot
/// inside a key (`CFBundleURLTypes.0.CFBundleURLSchemes`, `NSAppTransportSecurity.com\.example`).
/// Empty components are kept (`a..b` has three), as plutil keeps them; there is no escape for
/// a backslash itself.
package struct PlutilKeyPath: Sendable, Equatable, CustomStringConvertible {
  /// The components, `\.` made a dot.
  package let components: [String]

  /// Splits a key path as typed.
  package init(_ text: String) {
    var components: [String] = []
    var current = ""
    var pendingBackslash = false
    for character in text {
      if pendingBackslash {
        pendingBackslash = false
        if character == "." {
          current.append(".")
          continue
        }
        current.append("\\")
      }
      if character == "\\" {
        pendingBackslash = true
      } else if character == "." {
        components.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if pendingBackslash { current.append("\\") }
    components.append(current)
    self.components = components
  }

  /// The path as plutil's messages show it: the components joined again, each dot inside one
  /// escaped.
  package var description: String {
    components.map { component in
      var escaped = ""
      for character in component {
        if character == "." { escaped += "\\" }
        escaped.append(character)
      }
      return escaped
    }.joined(separator: ".")
  }

  /// A component as an array index: decimal digits with an optional sign, as Swift's `Int`
  /// reads them (`+1` and `01` are indices, ` 1` is not).
  static func index(_ component: String) -> Int? { Int(component) }
}

/// Why a plutil edit or lookup at a key path failed; `description` is plutil's own sentence
/// (scripts match on them).
package enum PlutilPathError: Error, Equatable, CustomStringConvertible {
  /// `-insert`/`-replace`: a dictionary along the way lacks the key.
  case keyPathNotFound(PlutilKeyPath)
  /// `-insert` of a key that exists, without `-append`.
  case valueExists(PlutilKeyPath)
  /// `-insert … -append` of a key whose value is not an array.
  case appendingToNonArray(PlutilKeyPath)
  /// `-insert … -append` at an array index whose element is not an array.
  case appendingToNonArrayElement(PlutilKeyPath)
  /// A component that is not an index, applied to an array.
  case notAnIndex(PlutilKeyPath)
  /// An index past an array's end.
  case outOfBounds(Int, PlutilKeyPath)
  /// A path that steps into a value that is not a container.
  case cannotInsert(PlutilKeyPath)
  /// `-remove` of nothing.
  case nothingToRemove(PlutilKeyPath)

  package var description: String {
    switch self {
    case .keyPathNotFound(let path): return "Key path not found \(path)"
    case .valueExists(let path): return "Value already exists at key path \(path)"
    case .appendingToNonArray(let path): return "Appending to a non-array at key path \(path)"
    case .appendingToNonArrayElement(let path):
      return "Attempt to append value to non-array at key path \(path)"
    case .notAnIndex(let path): return "Unable to index into array with key path \(path)"
    case .outOfBounds(let index, let path):
      return "Index \(index) out of bounds in array at key path \(path)"
    case .cannotInsert(let path): return "Unable to insert value at key path \(path)"
    case .nothingToRemove(let path): return "No value to remove at key path \(path)"
    }
  }
}

extension PlistValue {
  /// The value at a plutil key path, or nil when a key or index along it is missing or it
  /// steps into a value that is not a container (plutil reports all of these alike).
  package func value(at path: PlutilKeyPath) -> PlistValue? {
    var current = self
    for component in path.components {
      switch current {
      case .dictionary(let dictionary):
        guard let next = dictionary[component] else { return nil }
        current = next
      case .array(let items):
        guard let index = PlutilKeyPath.index(component), items.indices.contains(index) else {
          return nil
        }
        current = items[index]
      default:
        return nil
      }
    }
    return current
  }

  /// How `-insert` and `-replace` put a value at the last component.
  package enum PlutilPlacement: Sendable {
    /// `-insert`: a key must not exist yet; an index inserts before that element.
    case insert
    /// `-insert … -append`: an existing array at that place gets the value at its end.
    case append
    /// `-replace`: a key is set whether or not it exists; an index overwrites that element.
    case replace
  }

  /// The value with `newValue` placed at `path` as plutil's `-insert` and `-replace` do:
  /// every container along the way must exist (unlike `defaults`' key paths, nothing is
  /// made); an index equal to an array's count appends.
  ///
  /// - Throws: `PlutilPathError` naming the path.
  package func placing(_ newValue: PlistValue, at path: PlutilKeyPath, _ placement: PlutilPlacement)
    throws(PlutilPathError) -> PlistValue
  {
    try placing(newValue, at: path, placement, depth: 0)
  }

  private func placing(
    _ newValue: PlistValue, at path: PlutilKeyPath, _ placement: PlutilPlacement, depth: Int
  ) throws(PlutilPathError) -> PlistValue {
    let component = path.components[depth]
    let isLast = depth == path.components.count - 1
    switch self {
    case .dictionary(var dictionary):
      let existing = dictionary[component]
      if !isLast {
        guard let existing else { throw .keyPathNotFound(path) }
        dictionary[component] = try existing.placing(
          newValue, at: path, placement, depth: depth + 1)
      } else {
        dictionary[component] = try Self.placed(newValue, over: existing, placement, path)
      }
      return .dictionary(dictionary)
    case .array(var items):
      guard let index = PlutilKeyPath.index(component) else { throw .notAnIndex(path) }
      if !isLast {
        guard items.indices.contains(index) else { throw .outOfBounds(index, path) }
        items[index] = try items[index].placing(newValue, at: path, placement, depth: depth + 1)
        return .array(items)
      }
      guard index >= 0, index <= items.count else { throw .outOfBounds(index, path) }
      switch placement {
      case .insert:
        items.insert(newValue, at: index)
      case .replace:
        if index == items.count { items.append(newValue) } else { items[index] = newValue }
      case .append:
        guard index < items.count else { throw .outOfBounds(index, path) }
        guard case .array(var inner) = items[index] else { throw .appendingToNonArrayElement(path) }
        inner.append(newValue)
        items[index] = .array(inner)
      }
      return .array(items)
    default:
      throw .cannotInsert(path)
    }
  }

  /// What a dictionary's key holds after an insert, append or replace.
  private static func placed(
    _ newValue: PlistValue, over existing: PlistValue?, _ placement: PlutilPlacement,
    _ path: PlutilKeyPath
  ) throws(PlutilPathError) -> PlistValue {
    guard let existing else { return newValue }
    switch placement {
    case .replace: return newValue
    case .insert: throw .valueExists(path)
    case .append:
      guard case .array(var items) = existing else { throw .appendingToNonArray(path) }
      items.append(newValue)
      return .array(items)
    }
  }

  /// The value without what is at `path` (an array element's followers move up).
  ///
  /// - Throws: `PlutilPathError.nothingToRemove` when nothing is there.
  package func removing(at path: PlutilKeyPath) throws(PlutilPathError) -> PlistValue {
    guard let removed = removing(path.components[...]) else { throw .nothingToRemove(path) }
    return removed
  }

  private func removing(_ components: ArraySlice<String>) -> PlistValue? {
    guard let component = components.first else { return nil }
    let rest = components.dropFirst()
    switch self {
    case .dictionary(var dictionary):
      guard let child = dictionary[component] else { return nil }
      if rest.isEmpty {
        dictionary[component] = nil
      } else {
        guard let changed = child.removing(rest) else { return nil }
        dictionary[component] = changed
      }
      return .dictionary(dictionary)
    case .array(var items):
      guard let index = PlutilKeyPath.index(component), items.indices.contains(index) else {
        return nil
      }
      if rest.isEmpty {
        items.remove(at: index)
      } else {
        guard let changed = items[index].removing(rest) else { return nil }
        items[index] = changed
      }
      return .array(items)
    default:
      return nil
    }
  }
}

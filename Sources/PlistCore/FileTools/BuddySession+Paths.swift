// MARK: - Entries as paths, and changing the value at one

extension BuddySession {
  /// An entry that names a value (Print, Set, Delete, CD, a Copy's source, a Merge's
  /// target), as components from the root; a trailing `:` names the container itself
  /// (`Print :PreferenceSpecifiers:`).
  func entry(_ typed: String) -> [String] {
    var path = BuddyEntry(typed).resolved(in: working)
    if path.last == "" { path.removeLast() }
    return path
  }

  /// An entry where a value goes (Add, a Copy's destination, Import): a trailing `:`
  /// appends to the array there. Nil when it is deeper than a property list may nest.
  func place(_ typed: String) -> [String]? {
    let path = BuddyEntry(typed).resolved(in: working)
    return path.count < PropertyList.maximumDepth ? path : nil
  }

  /// The value at a path, nil when a key or index is missing or a scalar is in the way.
  func value(at path: [String]) -> PlistValue? {
    var current = file.value
    for component in path {
      switch current {
      case .dictionary(let dictionary):
        guard let next = dictionary[component] else { return nil }
        current = next
      case .array(let items):
        guard let index = Int(component), items.indices.contains(index) else { return nil }
        current = items[index]
      default: return nil
      }
    }
    return current
  }

  /// Whether adding at a path would overwrite: a dictionary's key that is there, or the root.
  /// An array's index is never taken — adding there inserts before the element.
  func occupied(_ path: [String]) -> Bool {
    guard !path.isEmpty else { return true }
    return value(at: Array(path.dropLast()))?.type == .dictionary && value(at: path) != nil
  }

  /// Adds a value at a path (Add, Copy, Import): missing containers on the way are made; a
  /// dictionary's key is set, an array's index inserts before that element, an empty last
  /// component appends.
  ///
  /// - Throws: `Missing` when a scalar is in the way, or an index is past the end.
  mutating func insert(_ value: PlistValue, at path: [String]) throws(Missing) {
    try Self.changing(&file.value, at: path.dropLast(), creatingFor: path.last) {
      (parent) throws(Missing) in
      try Self.put(value, in: &parent, at: path.last, inserting: true)
    }
    unsaved = true
  }

  /// Replaces the value at a path that exists (the root too).
  mutating func replace(at path: [String], with newValue: PlistValue) {
    if path.isEmpty {
      file.value = newValue
    } else {
      // The path was looked up just before: every step of it is there.
      try? Self.changing(&file.value, at: path.dropLast()) { (parent) throws(Missing) in
        try Self.put(newValue, in: &parent, at: path.last, inserting: false)
      }
    }
    unsaved = true
  }

  /// Removes the value at a path that exists (not the root).
  mutating func remove(at path: [String]) {
    guard let last = path.last else { return }
    // The path was looked up just before: every step of it is there.
    try? Self.changing(&file.value, at: path.dropLast()) { (parent) throws(Missing) in
      switch parent {
      case .dictionary(var dictionary):
        dictionary[last] = nil
        parent = .dictionary(dictionary)
      case .array(var items):
        guard let index = Int(last), items.indices.contains(index) else { throw Missing() }
        items.remove(at: index)
        parent = .array(items)
      default: throw Missing()
      }
    }
    unsaved = true
  }

  /// A path that does not lead to a container.
  struct Missing: Error {}

  /// Applies `change` to the container at `path`. With `creatingFor` (the key the change
  /// puts into that container), missing containers on the way are made (`Add :a:b:c` on a
  /// new file): a dictionary, or an array where the component after it is empty (`Add
  /// :Schemes: string x` appends to a new array).
  static func changing(
    _ value: inout PlistValue, at path: ArraySlice<String>, creatingFor key: String?? = nil,
    _ change: (inout PlistValue) throws(Missing) -> Void
  ) throws(Missing) {
    guard let first = path.first else { return try change(&value) }
    switch value {
    case .dictionary(var dictionary):
      var made: PlistValue?
      if let key {
        let next = path.dropFirst().first ?? key
        made = next == "" ? .array([]) : .dictionary(PlistDictionary())
      }
      guard var child = dictionary[first] ?? made else { throw Missing() }
      dictionary[first] = nil  // the child is then the only holder: changed in place
      try changing(&child, at: path.dropFirst(), creatingFor: key, change)
      dictionary[first] = child
      value = .dictionary(dictionary)
    case .array(var items):
      guard let index = Int(first), index >= 0, index <= items.count else { throw Missing() }
      if index == items.count {
        // `Add :PreferenceSpecifiers:3:Type …` on three specifiers: a new element at the end,
        // as Settings-bundle scripts build one entry at a time.
        guard let key else { throw Missing() }
        let next = path.dropFirst().first ?? key
        items.append(next == "" ? .array([]) : .dictionary(PlistDictionary()))
      }
      try changing(&items[index], at: path.dropFirst(), creatingFor: key, change)
      value = .array(items)
    default:
      throw Missing()
    }
  }

  /// Puts a value into a container under `key`: a dictionary's key; an array's index
  /// (inserting before it, or appending past the end or for an empty key, when
  /// `inserting`; else replacing that element).
  static func put(
    _ value: PlistValue, in parent: inout PlistValue, at key: String?, inserting: Bool
  )
    throws(Missing)
  {
    guard let key else { throw Missing() }
    switch parent {
    case .dictionary(var dictionary):
      dictionary[key] = value
      parent = .dictionary(dictionary)
    case .array(var items):
      if key.isEmpty && inserting {
        items.append(value)
      } else {
        guard let index = Int(key), index >= 0 else { throw Missing() }
        if inserting {
          items.insert(value, at: min(index, items.count))
        } else {
          guard items.indices.contains(index) else { throw Missing() }
          items[index] = value
        }
      }
      parent = .array(items)
    default:
      throw Missing()
    }
  }
}

// MARK: - Foundation's getters, with Foundation's coercions

extension Defaults {
  /// The effective value of a key, from the first layer of the search list that has it.
  ///
  /// - Parameter key: The key.
  /// - Returns: The value, or nil.
  public func object(forKey key: String) -> PlistValue? {
    lookup(key)?.value
  }

  /// A string, or a number or boolean as Foundation writes it (`true` → "1", 2.5 → "2.5").
  ///
  /// - Parameter key: The key.
  /// - Returns: The text, or nil for anything else.
  public func string(forKey key: String) -> String? {
    object(forKey: key).flatMap(FoundationCoercion.string)
  }

  /// An integer as Foundation reads one: booleans are 0 or 1, reals are truncated (3.9 → 3),
  /// strings give their leading digits (`"12abc"` → 12, clamped on overflow); 0 otherwise.
  ///
  /// - Parameter key: The key.
  /// - Returns: The integer.
  public func integer(forKey key: String) -> Int {
    object(forKey: key).map(FoundationCoercion.integer) ?? 0
  }

  /// A double as Foundation reads one (`"1e3"` → 1000, `"abc"` → 0); 0 otherwise.
  ///
  /// - Parameter key: The key.
  /// - Returns: The number.
  public func double(forKey key: String) -> Double {
    object(forKey: key).map(FoundationCoercion.double) ?? 0
  }

  /// A float as Foundation reads one; 0 otherwise.
  ///
  /// - Parameter key: The key.
  /// - Returns: The number.
  public func float(forKey key: String) -> Float {
    object(forKey: key).map(FoundationCoercion.float) ?? 0
  }

  /// A boolean as Foundation reads one: numbers are true when not zero; strings when they
  /// start with `t`, `T`, `y`, `Y` or a non-zero digit (`"YES"`, `"true"`, `"7"`); false
  /// otherwise.
  ///
  /// - Parameter key: The key.
  /// - Returns: The truth value.
  public func bool(forKey key: String) -> Bool {
    object(forKey: key).map(FoundationCoercion.bool) ?? false
  }

  /// An array.
  ///
  /// - Parameter key: The key.
  /// - Returns: Its elements, or nil for anything else.
  public func array(forKey key: String) -> [PlistValue]? {
    object(forKey: key)?.arrayValue
  }

  /// A dictionary.
  ///
  /// - Parameter key: The key.
  /// - Returns: It, or nil for anything else.
  public func dictionary(forKey key: String) -> PlistDictionary? {
    object(forKey: key)?.dictionaryValue
  }

  /// Data.
  ///
  /// - Parameter key: The key.
  /// - Returns: The bytes, or nil for anything else.
  public func data(forKey key: String) -> PlistData? {
    object(forKey: key)?.dataValue
  }

  /// An array of strings only.
  ///
  /// - Parameter key: The key.
  /// - Returns: The strings, or nil for anything else (a mixed array too).
  public func stringArray(forKey key: String) -> [String]? {
    guard let items = object(forKey: key)?.arrayValue else { return nil }
    var strings: [String] = []
    strings.reserveCapacity(items.count)
    for item in items {
      guard case .string(let string) = item else { return nil }
      strings.append(string)
    }
    return strings
  }

  /// A file URL as Foundation makes one from a stored path (Foundation stores a URL as its
  /// path): `~` expanded to the user's home in the password database (as Foundation does,
  /// whatever `$HOME` says), a relative path taken from the current directory, as the URL's
  /// text (`file:///home/me/x%20y`). Data gives nil (Foundation unarchives keyed archives
  /// there, and stops the program on other data).
  ///
  /// - Parameter key: The key.
  /// - Returns: The URL's absolute text, or nil for anything but a string.
  public func url(forKey key: String) -> String? {
    guard case .string(let path)? = object(forKey: key) else { return nil }
    return FileURL.absoluteString(
      forPath: path, home: Platform.passwordHomeDirectory(),
      currentDirectory: Platform.currentDirectory())
  }
}

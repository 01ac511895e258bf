import PlistCore

/// A KEY argument as the commands read it: a key path when it starts with `:`, otherwise one
/// top-level key exactly as `defaults` takes it (dots and colons included).
enum KeyArgument {
  static func path(_ argument: String) -> PlistPath {
    PlistPath(argument) ?? PlistPath(topLevelKey: argument)
  }

  /// The value a KEY argument names in a domain (a plain key's read without a path, which
  /// would be the process's first array: `DomainStore.value(forKey:in:)`).
  static func value(_ argument: String, in domain: Domain, of store: DomainStore)
    throws(PlistError) -> PlistValue
  {
    if let path = PlistPath(argument) { return try store.value(at: path, in: domain) }
    return try store.value(forKey: argument, in: domain)
  }
}

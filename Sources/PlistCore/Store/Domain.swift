/// Which preferences a command works on: a named domain, the global domain, or a plist file
/// given by path — as `defaults` reads its domain argument.
public struct Domain: Sendable, Equatable {
  /// The three kinds of domain.
  public enum Kind: Sendable, Equatable {
    /// An application domain such as `com.example.pigeon`.
    case named(String)
    /// The global domain (`-g`, `-globalDomain`, `NSGlobalDomain`).
    case global
    /// A plist file; the path always ends in `.plist`.
    case path(String)
  }

  /// What the domain is.
  public let kind: Kind
  /// How messages name the domain: the argument as given, or `NSGlobalDomain`.
  public let displayName: String

  /// Interprets a domain argument: the global domain's spellings, a path (an argument with a
  /// `/`, or starting with `~` or `.`; `.plist` is added when missing), or a domain name,
  /// which must be valid.
  ///
  /// - Parameters:
  ///   - argument: The argument as typed.
  ///   - home: `$HOME`, for `~` expansion.
  /// - Throws: `PlistError.invalidDomainName` for a name that could reach outside the store.
  public init(argument: String, home: String?) throws(PlistError) {
    switch argument {
    case "-g", "-globalDomain", "NSGlobalDomain", "Apple Global Domain":
      kind = .global
      displayName = "NSGlobalDomain"
    default:
      if argument.contains("/") || argument.hasPrefix("~") || argument.hasPrefix(".") {
        guard !argument.utf8.contains(0) else { throw .invalidDomainName(argument, .containsNUL) }
        var path = argument
        if path == "~" || path.hasPrefix("~/") {
          guard let home, !home.isEmpty else {
            throw .invalidDomainName(argument, .homeNotSet)
          }
          path = home + path.dropFirst()
        }
        if !path.hasSuffix(".plist") { path += ".plist" }
        kind = .path(path)
      } else {
        try Self.validate(name: argument)
        kind = .named(argument)
      }
      displayName = argument
    }
  }

  /// A named domain, validated.
  ///
  /// - Parameter name: The domain name.
  /// - Throws: `PlistError.invalidDomainName`.
  public init(named name: String) throws(PlistError) {
    try Self.validate(name: name)
    kind = .named(name)
    displayName = name
  }

  /// The global domain.
  public static let global = Domain(kind: .global, displayName: "NSGlobalDomain")

  private init(kind: Kind, displayName: String) {
    self.kind = kind
    self.displayName = displayName
  }

  /// The longest domain name, in UTF-8 bytes (a file name holds 255, with `.plist`).
  static let maximumNameLength = 250

  /// A domain name may not be empty, contain `/` or NUL, start with `.`, or exceed 250 bytes:
  /// nothing named can point outside the store's directory.
  static func validate(name: String) throws(PlistError) {
    let problem: PlistError.InvalidName?
    if name.isEmpty {
      problem = .empty
    } else if name.utf8.count > maximumNameLength {
      problem = .tooLong(limit: maximumNameLength)
    } else if Self.containsSlash(name) {
      problem = .containsSlash
    } else if name.utf8.contains(0) {
      problem = .containsNUL
    } else if name.hasPrefix(".") {
      problem = .startsWith(".")
    } else {
      problem = nil
    }
    if let problem { throw .invalidDomainName(name, problem) }
  }

  /// `name.contains("/")`, by Characters as before; an ASCII name by its bytes, which say the
  /// same (walking Characters was most of `find`'s per-domain cost).
  private static func containsSlash(_ name: String) -> Bool {
    let ascii = name.utf8.allSatisfy { $0 < 0x80 }
    return ascii ? name.utf8.contains(UInt8(ascii: "/")) : name.contains("/")
  }
}

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
  /// - Throws: `DomainError.invalidName` for a name that could reach outside the store.
  public init(argument: String, home: String?) throws(DomainError) {
    switch argument {
    case "-g", "-globalDomain", "NSGlobalDomain", "Apple Global Domain":
      kind = .global
      displayName = "NSGlobalDomain"
    default:
      if argument.contains("/") || argument.hasPrefix("~") || argument.hasPrefix(".") {
        guard !argument.utf8.contains(0) else { throw .invalidName(argument, "contains NUL") }
        var path = argument
        if path == "~" || path.hasPrefix("~/") {
          guard let home, !home.isEmpty else {
            throw .invalidName(argument, "~ needs $HOME to be set")
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
  /// - Throws: `DomainError.invalidName`.
  public init(named name: String) throws(DomainError) {
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

  /// A domain name may not be empty, contain `/` or NUL, start with `.`, or exceed 250 bytes:
  /// nothing named can point outside the store's directory.
  static func validate(name: String) throws(DomainError) {
    let reason: String?
    if name.isEmpty {
      reason = "it is empty"
    } else if name.utf8.count > 250 {
      reason = "it is longer than 250 bytes"
    } else if name.contains("/") {
      reason = "it contains '/'"
    } else if name.utf8.contains(0) {
      reason = "it contains NUL"
    } else if name.hasPrefix(".") {
      reason = "it starts with '.'"
    } else {
      reason = nil
    }
    if let reason { throw .invalidName(name, reason) }
  }
}

/// Why a domain or host argument was refused.
public enum DomainError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The name, and why it cannot be used.
  case invalidName(String, String)
  /// A `-host` name that cannot be part of a file name.
  case invalidHost(String)
  /// Neither `$XDG_CONFIG_HOME` (absolute) nor `$HOME` is set.
  case noRoot

  /// One line.
  public var description: String {
    switch self {
    case .invalidName(let name, let reason): return "invalid domain name '\(name)': \(reason)"
    case .invalidHost(let host): return "invalid host name '\(host)'"
    case .noRoot: return "cannot find the preferences directory: set HOME or XDG_CONFIG_HOME"
    }
  }
}

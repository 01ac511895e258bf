/// Which preferences a command works on: a named domain, the global domain, or a plist file
/// given by path — as `defaults` reads its domain argument.
public struct Domain: Sendable, Equatable {
  /// The three kinds of domain.
  package enum Kind: Sendable, Equatable {
    /// An application domain such as `com.example.pigeon`.
    case named(String)
    /// The global domain (`-g`, `-globalDomain`, `NSGlobalDomain`).
    case global
    /// A plist file; the path always ends in `.plist`.
    case path(String)
  }

  /// What the domain is.
  package let kind: Kind
  /// How messages name the domain: the argument as given, or `NSGlobalDomain`.
  public let displayName: String
  /// Whether this is this machine's ByHost file whatever the store's host, as with
  /// `-currentHost`: a path `~/Library/Preferences/ByHost/<name>.<host>.plist` copied from a
  /// Mac, whose host id means nothing here.
  let isCurrentHost: Bool

  /// Whether an argument is one of the global domain's spellings: `defaults`' own, and the
  /// name of its file. (A switch, not a `Set`: making a `Set<String>`'s type at run time cost
  /// every command 143 k instructions, half of a `read`.)
  static func namesGlobalDomain(_ argument: String) -> Bool {
    switch argument {
    case "-g", "-globalDomain", "NSGlobalDomain", "Apple Global Domain", ".GlobalPreferences",
      ".GlobalPreferences.plist":
      return true
    default:
      return false
    }
  }

  /// Interprets a domain argument as `defaults` does: the global domain's spellings, a path
  /// (only an argument with a `/`; `.plist` is added when missing, a leading `~/` is
  /// expanded), or a domain name, which must be valid. A path where macOS keeps preferences,
  /// `~/Library/Preferences/<name>[.plist]` (or its `ByHost/` form), is the domain `<name>`:
  /// it is what scripts copied from a Mac mean by it.
  ///
  /// - Parameters:
  ///   - argument: The argument as typed.
  ///   - home: `$HOME`, for `~` expansion and the macOS preferences folder.
  /// - Throws: `PlistError.invalidDomainName` for a name that could reach outside the store,
  ///   or that starts with `-` (a misplaced option, such as `-app`).
  package init(argument: String, home: String?) throws(PlistError) {
    if Self.namesGlobalDomain(argument) {
      self = .global
    } else if !argument.utf8.contains(UInt8(ascii: "/")) {
      try self.init(named: argument)
    } else {
      guard !argument.utf8.contains(0) else { throw .invalidDomainName(argument, .containsNUL) }
      var path = argument
      if path.hasPrefix("~/") {
        guard let home, !home.isEmpty else { throw .invalidDomainName(argument, .homeNotSet) }
        path = home + path.dropFirst()
      }
      if let domain = try Self.macPreferences(path, home: home) {
        self = domain
        return
      }
      if !path.hasSuffix(".plist") { path += ".plist" }
      self.init(kind: .path(path), displayName: argument)
    }
  }

  /// The domain a path into the macOS preferences folder means: `<home>/Library/Preferences/
  /// <name>[.plist]`, or `…/ByHost/<name>.<host>[.plist]` for this machine; nil for any other
  /// path.
  private static func macPreferences(_ path: String, home: String?) throws(PlistError) -> Domain? {
    guard let home, !home.isEmpty else { return nil }
    let folder = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/Library/Preferences/"
    guard path.hasPrefix(folder) else { return nil }
    var file = String(path.dropFirst(folder.count))
    let byHost = file.hasPrefix("ByHost/")
    if byHost { file.removeFirst("ByHost/".count) }
    if file.hasSuffix(".plist") { file.removeLast(".plist".count) }
    guard !file.utf8.contains(UInt8(ascii: "/")) else { return nil }
    if byHost {
      // `<name>.<host>`: the host id is the last component, and is this machine's here.
      guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return nil }
      file = String(file[..<dot])
    }
    if file == ".GlobalPreferences" {
      return Domain(kind: .global, displayName: "NSGlobalDomain", isCurrentHost: byHost)
    }
    try validate(name: file)
    return Domain(kind: .named(file), displayName: file, isCurrentHost: byHost)
  }

  /// A named domain, validated.
  ///
  /// - Parameter name: The domain name.
  /// - Throws: `PlistError.invalidDomainName`.
  public init(named name: String) throws(PlistError) {
    try Self.validate(name: name)
    self.init(kind: .named(name), displayName: name)
  }

  /// The global domain.
  public static let global = Domain(kind: .global, displayName: "NSGlobalDomain")

  private init(kind: Kind, displayName: String, isCurrentHost: Bool = false) {
    self.kind = kind
    self.displayName = displayName
    self.isCurrentHost = isCurrentHost
  }

  /// The longest domain name, in UTF-8 bytes (a file name holds 255, with `.plist`).
  static let maximumNameLength = 250

  /// A domain name may not be empty, contain `/` or NUL, start with `.`, or exceed 250 bytes:
  /// nothing named can point outside the store's directory. Nor may it start with `-`: that
  /// is an option in the domain's place (`defaults write -app Skim …` would make `-app.plist`).
  /// Bytes are checked, as the kernel reads the name: `/` and a combining mark after it are one
  /// Character, but still a separator in a path.
  static func validate(name: String) throws(PlistError) {
    let problem: PlistError.InvalidName?
    if name.isEmpty {
      problem = .empty
    } else if name.utf8.count > maximumNameLength {
      problem = .tooLong(limit: maximumNameLength)
    } else if name.utf8.contains(UInt8(ascii: "/")) {
      problem = .containsSlash
    } else if name.utf8.contains(0) {
      problem = .containsNUL
    } else if name.utf8.first == UInt8(ascii: ".") {
      problem = .startsWith(".")
    } else if name.utf8.first == UInt8(ascii: "-") {
      problem = .startsWith("-")
    } else {
      problem = nil
    }
    if let problem { throw .invalidDomainName(name, problem) }
  }

}

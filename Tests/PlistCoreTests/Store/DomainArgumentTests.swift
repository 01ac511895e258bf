import Testing

@testable import PlistCore

/// How a domain argument is read (SPEC §2): only a `/` makes a path; the global domain's file
/// name and the macOS preferences folder mean what they mean on a Mac, so copied scripts write
/// where Linux apps read.
@Suite("Domain arguments")
struct DomainArgumentTests {
  static let home = "/home/ann"

  static func domain(_ argument: String) throws -> Domain {
    try Domain(argument: argument, home: home)
  }

  @Test(arguments: [".GlobalPreferences", ".GlobalPreferences.plist", "-g", "NSGlobalDomain"])
  func theGlobalDomainsFileNameIsTheGlobalDomain(_ argument: String) throws {
    #expect(try Self.domain(argument) == .global)
  }

  @Test(arguments: [
    "~/Library/Preferences/com.example.pigeon", "~/Library/Preferences/com.example.pigeon.plist",
    "/home/ann/Library/Preferences/com.example.pigeon",
    "/home/ann/Library/Preferences/com.example.pigeon.plist",
  ])
  func theMacPreferencesFolderNamesTheDomain(_ argument: String) throws {
    let domain = try Self.domain(argument)
    #expect(domain.kind == .named("com.example.pigeon"))
    #expect(!domain.isCurrentHost)
  }

  @Test func theMacGlobalPreferencesFileIsTheGlobalDomain() throws {
    #expect(try Self.domain("~/Library/Preferences/.GlobalPreferences.plist") == .global)
  }

  @Test func theByHostFormIsThisMachinesFile() throws {
    let domain = try Self.domain(
      "~/Library/Preferences/ByHost/com.apple.screensaver.0A1B2C3D-4E5F.plist")
    #expect(domain.kind == .named("com.apple.screensaver"))
    #expect(domain.isCurrentHost)
    let store = try DomainStore(root: "/r")
    #expect(store.path(of: domain).hasPrefix("/r/ByHost/com.apple.screensaver."))
    #expect(store.path(of: domain) != "/r/ByHost/com.apple.screensaver.0A1B2C3D-4E5F.plist")
    let thisMachine = try DomainStore(root: "/r", host: .current)
    #expect(store.path(of: domain) == thisMachine.path(of: try Domain(named: domain.displayName)))
    let global = try Self.domain("~/Library/Preferences/ByHost/.GlobalPreferences.0A1B.plist")
    #expect(global.kind == .global && global.isCurrentHost)
  }

  @Test(arguments: [
    ("/tmp/x", "/tmp/x.plist"), ("./x.plist", "./x.plist"), ("~/x", "/home/ann/x.plist"),
    ("~/Library/Preferences/sub/x", "/home/ann/Library/Preferences/sub/x.plist"),
    ("/Users/ann/Library/Preferences/x", "/Users/ann/Library/Preferences/x.plist"),
    // `/` and a combining mark are one Character, but the kernel sees a separator.
    ("a/\u{338}b", "a/\u{338}b.plist"),
    ("~/Library/Preferences/a/\u{338}b", "/home/ann/Library/Preferences/a/\u{338}b.plist"),
  ])
  func otherArgumentsWithASlashArePaths(_ argument: String, _ path: String) throws {
    #expect(try Self.domain(argument).kind == .path(path))
  }

  /// A leading `~` or `.` no longer makes a path: the shell has expanded `~/…` already, and
  /// `.name` would be a hidden file in the current directory that no app reads.
  @Test func withoutASlashItIsAName() throws {
    #expect(try Self.domain("~pigeon").kind == .named("~pigeon"))
    #expect(throws: PlistError.invalidDomainName(".hidden", .startsWith("."))) {
      try Self.domain(".hidden")
    }
  }

  @Test(arguments: ["-app", "-currentHost", "-x"])
  func aNameStartingWithADashIsAMisplacedOption(_ argument: String) {
    #expect(throws: PlistError.invalidDomainName(argument, .startsWith("-"))) {
      try Self.domain(argument)
    }
  }
}

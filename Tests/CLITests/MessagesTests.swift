import Testing

@testable import PlistCore
@testable import plistctl

/// Every sentence is rendered from an error's case in one place, with the exit status.
@Suite("Messages")
struct MessagesTests {
  static func render(_ error: any Error, _ command: String, keys: [String] = [])
    -> (String, plistctl.ExitStatus)
  {
    let (text, status) = Messages.render(
      error, in: Messages.Situation(command: command, domainArgument: "d", keys: keys))
    return (text, status)
  }

  @Test func theSameErrorIsWordedAsDefaultsWordsItForEachCommand() {
    let missing = PlistError.domainNotFound(domain: "d")
    #expect(Self.render(missing, "read") == ("Domain d does not exist", .failure))
    #expect(
      Self.render(missing, "delete")
        == ("Domain (d) not found. Defaults have not been changed.", .failure))
    let key = PlistError.keyNotFound(PlistPath(topLevelKey: "a:b"), domain: "d")
    #expect(
      Self.render(key, "read", keys: ["a:b"])
        == ("The domain/default pair of (d, a:b) does not exist", .failure))
    #expect(
      Self.render(key, "rename", keys: ["a:b", "c"])
        == ("Key a:b does not exist in domain d; leaving defaults unchanged", .failure))
  }

  @Test func keysAreNamedAsTyped() {
    let path = PlistPath(":x:y") ?? .root
    let error = PlistError.typeMismatch(at: path, expected: .array, found: .string)
    #expect(
      Self.render(error, "write", keys: [":x:y"]).0
        == "Value for key :x:y is not an array; cannot append.  Leaving defaults unchanged.")
  }

  @Test func statusesFollowTheKindOfFailure() {
    let system = PlistError.system(
      SystemError(operation: .create, path: "/r", errno: .permissionDenied))
    #expect(
      Self.render(system, "write") == (
        "Could not write domain d: cannot create /r: Permission denied", .dataError
      ))
    #expect(Self.render(system, "read").1 == .dataError)
    #expect(Self.render(PlistError.noPreferencesDirectory, "read").1 == .dataError)
    #expect(Self.render(PlistError.invalidHost("a/b"), "read").1 == .usage)
    #expect(
      Self.render(PlistError.savedOver(path: "/r/d.plist", times: 8), "write") == (
        "/r/d.plist: another program saved an older copy over this write 8 times; "
          + "the file may not hold it", .dataError
      ))
    #expect(Self.render(WriteArgumentError.invalidFlagArgument("-int", "x"), "write").1 == .usage)
    #expect(Self.render(WriteArgumentError.unparsableLiteral("("), "write").1 == .failure)
    #expect(
      Self.render(CommandFailure.nothingFound("w"), "find") == (
        "No domain, key, nor value containing 'w'", .failure
      ))
  }

  /// A value `defaults` would have stored silently is refused, and the message says what
  /// `defaults` would have stored and how to store that on purpose.
  @Test(arguments: [
    (
      "-int", "0.02",
      "-int needs an integer from −2^63 to 2^64−1, not '0.02'; macOS defaults would silently "
        + "store 0: write -int 0 for that"
    ),
    (
      "-int", "12abc",
      "-int needs an integer from −2^63 to 2^64−1, not '12abc'; macOS defaults would silently "
        + "store 12: write -int 12 for that"
    ),
    (
      "-float", "x",
      "-float needs a decimal number, not 'x'; macOS defaults would silently store 0.0: write "
        + "-float 0.0 for that"
    ),
    ("-bool", "1", "-bool needs true, false, yes or no, not '1'"),
  ])
  func refusalsSayWhatDefaultsWouldHaveStored(_ flag: String, _ argument: String, _ line: String) {
    let error = WriteArgumentError.invalidFlagArgument(flag, argument)
    #expect(Self.render(error, "write") == (line, .usage))
  }
}

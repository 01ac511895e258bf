import Foundation
import PlistCore
import Testing

@testable import plistctl

/// Arguments as the kernel passes them (`RawArguments`): text that is not UTF-8 is refused,
/// named, instead of being stored with U+FFFD in it; arguments that cannot be read at all
/// (`ulimit -n 3` in the static binary) are reported with their cause, not as "no command
/// given".
@Suite("Argument bytes")
struct ArgumentBytesTests {
  @Test func invalidUTF8IsRefusedNamingTheArgument() throws {
    #expect(throws: UsageError("argument 3 ('caf\\xE9') is not valid UTF-8 at byte 4")) {
      try RawArguments.strings([Array("write".utf8), Array("d".utf8), [0x63, 0x61, 0x66, 0xE9]])
    }
    #expect(throws: UsageError("argument 1 ('a\\xFF\\xFEb') is not valid UTF-8 at byte 2")) {
      try RawArguments.strings([[0x61, 0xFF, 0xFE, 0x62]])
    }
    // Overlong forms and surrogates are not UTF-8 either.
    #expect(throws: UsageError.self) { try RawArguments.strings([[0xC0, 0xAF]]) }
    #expect(throws: UsageError.self) { try RawArguments.strings([[0xED, 0xA0, 0x80]]) }
    #expect(
      try RawArguments.strings([Array("café 🐦".utf8), []]) == ["café 🐦", ""])
  }

  /// Through a shell, as a script with a Latin-1 byte would run it: nothing is written.
  @Test(arguments: [
    ["write", "d", "\\351", "v"], ["write", "d", "k", "caf\\351"], ["write", "\\351", "k", "v"],
  ])
  func theBinaryRefusesItAndWritesNothing(_ words: [String]) throws {
    let box = try Sandbox()
    defer { box.remove() }
    let quoted = words.map { "\"$(printf '\($0)')\"" }.joined(separator: " ")
    let result = try CLI.runProcess(
      ["-c", "exec \"$0\" \(quoted)", CLI.executable.path], environment: box.environment,
      program: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("plistctl: argument "), "\(result.stderr)")
    #expect(result.stderr.contains("is not valid UTF-8"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(!box.exists(box.root))
  }

  @Test func argumentsThatCannotBeReadAreReportedWithTheirCause() throws {
    let errors = CLI.Capture()
    var context = CommandContext.standard()
    context.writeError = { errors.append(Array($0.utf8)) }
    let status = Plistctl.run(rawArguments: nil, context: context)
    #expect(status == .dataError)
    let text = String(decoding: errors.bytes, as: UTF8.self)
    #expect(text.hasPrefix("plistctl: cannot read the command line"))
    #expect(text.split(separator: "\n").count == 1)
  }
}

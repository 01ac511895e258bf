import Foundation
import Testing

@testable import plistctl

@Suite("Shell quoting")
struct ShellQuotingTests {
  @Test func quotedWordsSurviveTheShell() throws {
    let words = [
      "plain", "two words", "it's", "a\nb\tc", "", "$HOME", "ünïcode \u{1}", "back\\slash'",
    ]
    let script = words.map(ShellQuoting.quote).map { "printf '%s\\0' \($0)" }.joined(
      separator: "; ")
    let result = try CLI.runProcess(["-c", script], program: URL(fileURLWithPath: "/bin/bash"))
    let echoed = result.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast()
    #expect(echoed.map(String.init) == words)
    #expect(ShellQuoting.quote("safe-word_1.2:x") == "safe-word_1.2:x")
  }
}

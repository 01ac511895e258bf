import Foundation
import PlistCore
import Testing

@Suite("defaults write values")
struct DefaultsValueTests {
  @Test(arguments: [
    ("-int", "abc"), ("-int", "1.5"), ("-float", "x"), ("-float", "nan"), ("-bool", "1"),
    ("-date", "tomorrow"), ("-data", "0x12"), ("-data", "12 34"),
  ])
  func refusesWhatDefaultsStoresAsGarbage(_ flag: String, _ argument: String) {
    let failure = #expect(throws: DefaultsValue.Failure.self) {
      try DefaultsValue.parse([flag, argument])
    }
    #expect(failure?.isUsage == true)
  }

  @Test func argumentsReplayEveryValue() throws {
    var generator = ValueGenerator(seed: 5)
    for _ in 0..<200 {
      let value = generator.value(depth: 3)
      let replayed = try DefaultsValue.parse(DefaultsValue.arguments(for: value))
      // Dates inside collections go through XML, which keeps whole seconds.
      let expected: PlistValue
      switch value {
      case .array, .dictionary: expected = Normalize.forXML(value)
      default: expected = value
      }
      #expect(replayed == .set(expected), "\(value)")
    }
  }

  @Test func shellQuotingSurvivesTheShell() throws {
    let words = [
      "plain", "two words", "it's", "a\nb\tc", "", "$HOME", "ünïcode \u{1}", "back\\slash'",
    ]
    let script = words.map(ShellQuoting.quote).map { "printf '%s\\0' \($0)" }.joined(
      separator: "; ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let echoed = String(decoding: data, as: UTF8.self).split(
      separator: "\0", omittingEmptySubsequences: false
    ).dropLast()
    #expect(echoed.map(String.init) == words)
  }
}

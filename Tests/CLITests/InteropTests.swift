import Foundation
import Testing

/// plistctl and Foundation's UserDefaults on Linux (a separate process with the same
/// XDG_CONFIG_HOME) see each other's values, with their types, and write the same bytes.
@Suite("Interop with UserDefaults")
struct InteropTests {
  static let probe = CLI.executable.deletingLastPathComponent().appendingPathComponent(
    "UserDefaultsProbe")

  static func probe(_ arguments: [String], _ box: Sandbox) throws -> String {
    let result = try CLI.runProcess(arguments, environment: box.environment, program: probe)
    #expect(result.status == 0)
    return result.stdout
  }

  @Test func plistctlReadsWhatUserDefaultsWrites() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try Self.probe(["write", "com.example.app"], box)
    let types = [
      "aString": "string", "anInteger": "integer", "aNegative": "integer", "aReal": "float",
      "aBoolean": "boolean", "aDate": "date", "someData": "data", "anArray": "array",
      "aDictionary": "dictionary",
    ]
    for (key, type) in types {
      #expect(try box.ok("read-type", "com.example.app", key) == "Type is \(type)\n", "\(key)")
    }
    #expect(try box.ok("read", "com.example.app", "aString") == "hello wörld\n")
    #expect(try box.ok("read", "com.example.app", "aDate") == "2023-03-08 20:26:40 +0000\n")
    #expect(
      try box.ok("read", "com.example.app", "someData") == "{length = 5, bytes = 0x000102feff}\n")
  }

  static let sameValuesAsTheProbe: [[String]] = [
    ["aString", "-string", "hello wörld"], ["anInteger", "-int", "42"],
    ["aNegative", "-int", "-7"],
    ["aReal", "-float", "0.1"], ["aBoolean", "-bool", "true"],
    ["aDate", "-date", "2023-03-08 20:26:40 +0000"], ["someData", "-data", "000102feff"],
    ["anArray", "<array><string>x</string><integer>1</integer><false/></array>"],
    ["aDictionary", "{ inner = <dict><key>deep</key><real>2.5</real></dict>; }"],
  ]

  @Test func userDefaultsReadsWhatPlistctlWrites() throws {
    let box = try Sandbox()
    defer { box.remove() }
    for value in Self.sameValuesAsTheProbe.dropLast() {
      _ = try box.ok(arguments: ["write", "com.example.app"] + value)
    }
    _ = try box.ok(
      "write", "com.example.app", "aDictionary",
      "<dict><key>inner</key><dict><key>deep</key><real>2.5</real></dict></dict>")
    let dump = try Self.probe(
      ["dump", "com.example.app"] + Self.sameValuesAsTheProbe.map { $0[0] }, box)
    #expect(
      dump == """
        aString string hello wörld
        anInteger integer 42
        aNegative integer -7
        aReal real 0.1
        aBoolean bool true
        aDate date 700000000.0
        someData data AAEC/v8=
        anArray array [string x, integer 1, bool false]
        aDictionary dict {inner: dict {deep: real 2.5}}

        """)
  }

  @Test func appsSeeTheGlobalDomainThroughTheirFallback() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "-g", "AppleLocale", "-string", "fr_FR")
    _ = try box.ok("write", "com.example.app", "Own", "-int", "1")
    let dump = try Self.probe(["dump", "com.example.app", "AppleLocale", "Own"], box)
    #expect(dump == "AppleLocale string fr_FR\nOwn integer 1\n")
  }

  @Test func plistctlWritesFoundationsBytes() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try Self.probe(["write", "com.example.foundation"], box)
    _ = try box.ok(
      "write", "com.example.plistctl",
      "<dict><key>aDictionary</key><dict><key>inner</key><dict><key>deep</key><real>2.5</real></dict></dict><key>anArray</key><array><string>x</string><integer>1</integer><false/></array></dict>"
    )
    for value in Self.sameValuesAsTheProbe.dropLast(2) {
      _ = try box.ok(arguments: ["write", "com.example.plistctl"] + value)
    }
    #expect(try box.bytes("com.example.plistctl") == (try box.bytes("com.example.foundation")))
  }
}

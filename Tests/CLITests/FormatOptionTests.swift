import Foundation
import TestSupport
import Testing

/// --format, --json, --xml on read and export; -json on write; JSON forms of find and domains;
/// import --replace. JSON output is checked with python3's json module.
@Suite("Output formats")
struct FormatOptionTests {
  /// The JSON as python3's json module reads it, printed back with sorted keys.
  static func pythonJSON(_ text: String) throws -> String {
    let script = "import json,sys; print(json.dumps(json.load(sys.stdin), sort_keys=True))"
    let result = try CLI.runProcess(
      ["-c", script], stdin: Array(text.utf8),
      program: try ExternalTool.require("python3", package: "python3"))
    #expect(result.status == 0)
    return result.stdout
  }

  @Test func readAsJSONNeverTruncates() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "blob", "-data", String(repeating: "00ff", count: 50))
    _ = try box.ok("write", "d", "when", "-date", "2024-01-02 03:04:05 +0000")
    _ = try box.ok(
      "write", "d", "nested", "-json",
      "{\"a\": [1, 2.5, true, \"ü\"], \"big\": 18446744073709551615}")
    let json = try box.ok("read", "d", "--json")
    let blob = Data((0..<100).map { $0 % 2 == 0 ? 0 : 255 }).base64EncodedString()
    #expect(
      try Self.pythonJSON(json) == """
        {"blob": "\(blob)", "nested": {"a": [1, 2.5, true, "\\u00fc"], "big": 18446744073709551615}, "when": "2024-01-02T03:04:05Z"}

        """)
    #expect(try box.ok("read-type", "d", ":nested:big") == "Type is integer\n")
    #expect(try box.ok("read", "--format", "json", "d", ":nested:a:1") == "2.5\n")
  }

  @Test(arguments: ["xml", "binary", "openstep", "json", "defaults"])
  func readAndExportInEveryFormat(_ format: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "{ a = (x, y); }")
    let read = try box.run("read", "--format", format, "d")
    #expect(read.status == 0)
    let out = box.directory.path("out.plist")
    _ = try box.run("export", "--format", format, "d", out)
    if format != "defaults" {
      let exported = try Data(contentsOf: URL(fileURLWithPath: out))
      #expect([UInt8](exported) == read.stdoutBytes)
      let back = try CLI.run(["read", "--json", out, "k"], environment: box.environment)
      #expect(back.stdout == "{\n  \"a\": [\n    \"x\",\n    \"y\"\n  ]\n}\n")
    }
  }

  @Test func shortFormsAndConflicts() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "k", "-int", "1")
    #expect(try box.ok("read", "d", "--xml").contains("<integer>1</integer>"))
    #expect(try box.ok("export", "--json", "d", "-") == "{\n  \"k\": 1\n}\n")
    #expect(try box.run("read", "d", "--json", "--xml").status == 64)
    #expect(try box.run("read", "d", "--format", "yaml").status == 64)
  }

  @Test func domainsAndFindAsJSON() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "com.b", "Color", "blue")
    _ = try box.ok("write", "com.a", "n", "-int", "3")
    #expect(try Self.pythonJSON(try box.ok("domains", "--json")) == "[\"com.a\", \"com.b\"]\n")
    #expect(try box.ok("domains", "--lines") == "com.a\ncom.b\n")
    #expect(
      try Self.pythonJSON(try box.ok("find", "--json", "blue"))
        == "{\"com.b\": {\"Color\": \"blue\"}}\n")
  }

  @Test func importReplaceDropsOtherKeys() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "old", "1")
    _ = try box.run("import", "--replace", "d", "-", stdin: "{\"new\": 2}")
    #expect(try box.ok("read", "d") == "{\n    new = 2;\n}\n")
  }

  @Test func writeJSONRefusesMalformedJSON() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let result = try box.run("write", "d", "k", "-json", "{\"a\": }")
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "plistctl: Could not parse -json value: json: line 1, column 7: unexpected '}', expected a value\n"
    )
  }

  /// A plist printed to standard output (`read --xml`, `export D -`, `convert F`), as
  /// another program's string put it there: on a terminal its control characters are
  /// escaped, as `read` escapes a string; to a pipe it comes byte for byte.
  @Test func aPlistPrintedToATerminalHasItsControlCharactersEscaped() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let hostile = "a\u{1B}]52;c;ZXZpbA==\u{07}b\u{9B}2J"
    #expect(try box.run("write", "dom", "k", "-string", hostile).status == 0)
    let file = box.root + "/dom.plist"
    // The terminal rule's escapes, or JSON's own (JSON escapes every control character).
    let escaped = "a\\U001b]52;c;ZXZpbA==\\U0007b\\U009b2J"
    let jsonEscaped = "a\\u001b]52;c;ZXZpbA==\\u0007b\\u009b2J"
    let textForms: [([String], String)] = [
      (["read", "--xml", "dom"], escaped), (["read", "--xml", "dom", "k"], escaped),
      (["read", "--format", "openstep", "dom"], escaped), (["export", "dom", "-"], escaped),
      (["convert", "xml", file], escaped), (["convert", "xml", file, "-o", "-"], escaped),
      (["read", "--json", "dom"], jsonEscaped), (["export", "--json", "dom", "-"], jsonEscaped),
    ]
    for (arguments, expected) in textForms {
      let shown = try CloudHostileOutputTests.onTerminal(box, arguments)
        .replacingOccurrences(of: "\r\n", with: "\n")
      #expect(
        CloudHostileOutputTests.rawControls(shown).isEmpty,
        "\(arguments): \(shown.debugDescription)")
      #expect(shown.contains(expected), "\(arguments): \(shown.debugDescription)")
    }
    // Binary on a terminal is shown as text, escaped as plutil's `-o -` shows it.
    for arguments in [["read", "--format", "binary", "dom"], ["convert", "binary", file]] {
      let shown = try CloudHostileOutputTests.onTerminal(box, arguments)
        .replacingOccurrences(of: "\r\n", with: "\n")
      #expect(CloudHostileOutputTests.rawControls(shown).isEmpty, "\(arguments)")
    }
    for arguments in [["export", "dom", "-"], ["convert", "xml", file]] {
      let piped = try CLI.runProcess(arguments, environment: box.environment)
      #expect(piped.stdout.contains("<string>" + hostile + "</string>"), "\(arguments)")
    }
  }
}

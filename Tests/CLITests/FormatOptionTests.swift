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
}

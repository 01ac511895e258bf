import Foundation
import TestSupport
import Testing

/// `convert`, `lint` and `print`, run as the real binary.
@Suite("convert, lint, print")
struct PlutilCommandTests {
  static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict><key>name</key><string>pigeon</string><key>count</key><integer>3</integer>
    <key>flags</key><array><true/><real>0.5</real></array></dict>
    </plist>
    """

  @Test func convertsToEveryFormatAndBack() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("in.plist", Self.sample)
    let binary = try CLI.run(["convert", "binary", dir.path("in.plist"), "-o", dir.path("b.plist")])
    #expect(binary.status == 0)
    #expect(try dir.read("b.plist").starts(with: Array("bplist00".utf8)))
    let json = try CLI.run(["convert", "json", dir.path("b.plist")])
    #expect(json.status == 0)
    let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(parsed?["name"] as? String == "pigeon")
    #expect((parsed?["count"] as? NSNumber)?.intValue == 3)
    let xml = try CLI.run(["convert", "xml1", "-"], stdin: json.stdoutBytes)
    #expect(xml.status == 0)
    #expect(xml.stdout.contains("<key>count</key>\n\t<integer>3</integer>"))
  }

  /// `-o -` is standard output, as FILE `-` is standard input: it used to write a file named
  /// `-` in the working directory.
  @Test func outputDashIsStandardOutput() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("in.plist", Self.sample)
    for format in ["xml", "binary", "json"] {
      let printed = try CLI.runProcess(["convert", format, dir.path("in.plist")])
      let dashed = try CLI.runProcess(
        ["convert", format, dir.path("in.plist"), "-o", "-"], directory: dir.url)
      #expect(dashed.status == 0, "\(format): \(dashed.stderr)")
      #expect(!dashed.stdoutBytes.isEmpty && dashed.stdoutBytes == printed.stdoutBytes)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["in.plist"])
  }

  /// Standard output, encoded from the value tree as it is written, gets the bytes a file
  /// gets from the paths without a tree (binary images of text, the compact XML reader,
  /// streaming from binary); a broken input prints nothing and says what `-o` says.
  @Test func standardOutputGetsWhatAFileGets() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    let every = """
      <plist><dict><key>name</key><string>pigeon</string><key>größe</key><string>ü 😀</string>
      <key>count</key><integer>3</integer><key>big</key><integer>18446744073709551615</integer>
      <key>when</key><date>2024-05-06T07:08:09Z</date><key>blob</key><data>AAEC/w==</data>
      <key>list</key><array><true/><real>0.5</real><dict/><string>pigeon</string></array>
      </dict></plist>
      """
    // OpenStep holds strings, data, arrays and dictionaries only.
    let strings = """
      <plist><dict><key>name</key><string>pigeon</string><key>größe</key><string>ü 😀</string>
      <key>blob</key><data>AAEC/w==</data><key>list</key><array><string>a b</string><dict/>
      </array></dict></plist>
      """
    for (sample, formats) in [
      (every, ["xml", "binary", "json"]), (strings, ["xml", "binary", "json", "openstep"]),
    ] {
      try dir.write("sample.plist", sample)
      for input in formats {
        let source = dir.path("in.\(input)")
        #expect(
          try CLI.run(["convert", input, dir.path("sample.plist"), "-o", source]).status == 0)
        for output in formats {
          let printed = try CLI.run(["convert", output, source])
          #expect(printed.status == 0, "\(input) → \(output): \(printed.stderr)")
          #expect(try CLI.run(["convert", output, source, "-o", dir.path("out")]).status == 0)
          #expect(printed.stdoutBytes == (try dir.read("out")), "\(input) → \(output)")
        }
      }
    }
    let binary = try dir.read("in.binary")
    try dir.write("broken", bytes: Array(binary.prefix(binary.count - 3)))
    for output in ["xml", "binary", "json"] {
      let printed = try CLI.run(["convert", output, dir.path("broken")])
      let written = try CLI.run(["convert", output, dir.path("broken"), "-o", dir.path("out2")])
      #expect(printed.status != 0 && printed.stdoutBytes.isEmpty)
      #expect(printed.status == written.status && printed.stderr == written.stderr)
    }
  }

  /// `456` alone, read back as a file, is the OpenStep string "456": a JSON file holds an
  /// array or a dictionary, as plutil requires, so a round trip never changes a type.
  @Test(arguments: ["<integer>456</integer>", "<true/>", "<string>x</string>", "<real>1.5</real>"])
  func convertToJSONRefusesAScalarRoot(_ root: String) throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("s.plist", "<plist>\(root)</plist>")
    // Binary input too: converting it to JSON streams from the bytes.
    #expect(
      try CLI.run(["convert", "binary", dir.path("s.plist"), "-o", dir.path("s.bin")]).status == 0)
    for (input, output) in [
      ("s.plist", []), ("s.plist", ["-o", dir.path("s.json")]), ("s.plist", ["--in-place"]),
      ("s.bin", ["-o", dir.path("s.json")]), ("s.bin", ["--in-place"]),
    ] {
      let result = try CLI.run(["convert", "json", dir.path(input)] + output)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr.hasPrefix("plistctl: json: cannot write ")
          && result.stderr.contains(
            "as the whole file: a JSON property list is an array or a dictionary")
      )
    }
    #expect(!FileManager.default.fileExists(atPath: dir.path("s.json")))
    #expect(try dir.read("s.plist") == Array("<plist>\(root)</plist>".utf8))
    // An array root is a JSON file (a value printed on its own, read --json D K, may be a
    // scalar: FormatOptionTests).
    #expect(
      try CLI.run(["convert", "json", "-"], stdin: Array("(456)".utf8)).stdout
        == "[\n  \"456\"\n]\n")
  }

  @Test func convertInPlaceKeepsTheFileAndItsMode() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("p.plist", Self.sample)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600], ofItemAtPath: dir.path("p.plist"))
    #expect(try CLI.run(["convert", "binary", "--in-place", dir.path("p.plist")]).status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: dir.path("p.plist"))
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try dir.read("p.plist").starts(with: Array("bplist00".utf8)))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
    #expect(leftovers == ["p.plist"])
  }

  @Test func convertInPlaceKeepsASymbolicLink() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("real.plist", Self.sample)
    try FileManager.default.createSymbolicLink(
      atPath: dir.path("link.plist"), withDestinationPath: "real.plist")
    #expect(try CLI.run(["convert", "binary", "--in-place", dir.path("link.plist")]).status == 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: dir.path("link.plist"))
        == "real.plist")
    #expect(try dir.read("real.plist").starts(with: Array("bplist00".utf8)))
  }

  @Test func convertRefusesWhatTheFormatCannotHold() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("p.plist", Self.sample)
    let result = try CLI.run(["convert", "openstep", dir.path("p.plist"), "-o", dir.path("out")])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "plistctl: openstep: cannot write an integer, which OpenStep cannot hold (at :count)\n")
    #expect(!FileManager.default.fileExists(atPath: dir.path("out")))
  }

  @Test func lintReportsEachFile() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("good.plist", Self.sample)
    try dir.write("bad.plist", "<plist><dict><key>a</key></dict></plist>")
    let result = try CLI.run(["lint", dir.path("good.plist"), dir.path("bad.plist")])
    #expect(result.status == 2)
    #expect(result.stdout == "\(dir.path("good.plist")): OK\n")
    #expect(
      result.stderr
        == "plistctl: \(dir.path("bad.plist")): xml: line 1, column 14: key \"a\" has no value\n")
    #expect(try CLI.run(["lint", dir.path("good.plist")]).status == 0)
  }

  @Test func printUsesTheDefaultsLayout() throws {
    let result = try CLI.run(["print", "-"], stdin: Array(Self.sample.utf8))
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {
            count = 3;
            flags =     (
                1,
                "0.5"
            );
            name = pigeon;
        }

        """)
  }

  @Test func missingFileIsAReadError() throws {
    let result = try CLI.run(["print", "/nonexistent/x.plist"])
    #expect(result.status == 2)
    #expect(
      result.stderr == "plistctl: cannot read /nonexistent/x.plist: No such file or directory\n")
  }

  @Test(arguments: [
    (["convert"], "missing FORMAT"),
    (["convert", "yaml", "f"], "unknown format 'yaml' (use xml, binary, openstep or json)"),
    (["convert", "xml"], "missing FILE"), (["frobnicate"], "unknown command 'frobnicate'"),
    ([], "no command given"),
    (["lint"], "missing FILE"), (["print", "a", "b"], "unexpected argument 'b'"),
  ])
  func usageErrors(_ arguments: [String], _ message: String) throws {
    let result = try CLI.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("plistctl: \(message)\nusage: plistctl "))
    #expect(result.stdout.isEmpty)
  }

  @Test func helpAndVersionGoToStandardOutput() throws {
    let help = try CLI.run(["--help"])
    #expect(help.status == 0 && help.stdout.contains("convert FORMAT FILE"))
    let version = try CLI.run(["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("plistctl "))
  }
}

import Foundation
import PlistCore
import TestSupport
import Testing

/// `plistctl plutil …`: lines from release and CI scripts, on real files, checked by exit
/// status, output, and what python3's plistlib (and Foundation) read from the file after.
@Suite("plutil mode")
struct PlutilModeTests {
  @Test func aFastlaneStyleVersionBumpChangesTwoKeysAndNothingElse() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let before = try files.plistlib("Info.plist")
    let short = try files.run(
      "plutil", "-replace", "CFBundleShortVersionString", "-string", "2.0.1", info)
    let build = try files.run("plutil", "-replace", "CFBundleVersion", "-string", "42", info)
    #expect(short.status == 0 && build.status == 0 && short.stdout.isEmpty && short.stderr.isEmpty)
    var expected = before
    expected = try expected.setting(
      "2.0.1", at: PlistPath(topLevelKey: "CFBundleShortVersionString"))
    expected = try expected.setting("42", at: PlistPath(topLevelKey: "CFBundleVersion"))
    #expect(try files.plistlib("Info.plist") == expected)
    #expect(try files.readAlike("Info.plist"))
    #expect(try files.format("Info.plist") == .xml)
    let read = try files.run("plutil", "-extract", "CFBundleVersion", "raw", "-o", "-", info)
    #expect(read.status == 0 && read.stdout == "42\n")
    let (object, format) = try files.foundation("Info.plist")
    #expect(format == .xml)
    #expect((object as? [String: Any])?["CFBundleShortVersionString"] as? String == "2.0.1")
  }

  @Test func urlSchemesAreAddedToTheArrayOrMadeFromNothing() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let schemes = "CFBundleURLTypes.0.CFBundleURLSchemes"
    let before = try files.plistlib("Info.plist").value(at: PlutilKeyPath(schemes))
    #expect(
      try files.run("plutil", "-insert", schemes, "-string", "newscheme", "-append", info).status
        == 0)
    guard case .array(let items)? = before else { throw Fail("no schemes array in the fixture") }
    #expect(
      try files.plistlib("Info.plist").value(at: PlutilKeyPath(schemes))
        == .array(items + ["newscheme"]))

    let fresh = try files.copy("info_vitemadose_Info.plist", as: "Fresh.plist")
    for arguments in [
      ["-insert", "CFBundleURLTypes", "-array"], ["-insert", "CFBundleURLTypes.0", "-dictionary"],
      ["-insert", "CFBundleURLTypes.0.CFBundleURLName", "-string", "com.example.app"],
      ["-insert", "CFBundleURLTypes.0.CFBundleURLSchemes", "-json", "[\"one\"]"],
      ["-insert", "CFBundleURLTypes.0.CFBundleURLSchemes.0", "-string", "zero"],
    ] {
      let result = try CLI.run(["plutil"] + arguments + [fresh])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    #expect(
      try files.plistlib("Fresh.plist")["CFBundleURLTypes"]
        == [["CFBundleURLName": "com.example.app", "CFBundleURLSchemes": ["zero", "one"]]])
    #expect(try files.readAlike("Info.plist") && files.readAlike("Fresh.plist"))
  }

  @Test func entitlementsKeysWithDotsAreEscaped() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let path = try files.copy("entitlements_aris.entitlements", as: "App.entitlements")
    let groups = try files.plistlib("App.entitlements")["keychain-access-groups"]
    #expect(
      try files.run(
        "plutil", "-insert", "com\\.apple\\.security\\.app-sandbox", "-bool", "YES", path
      )
      .status == 0)
    #expect(
      try files.run(
        "plutil", "-insert", "keychain-access-groups.0", "-string", "$(AppIdentifierPrefix)shared",
        path
      ).status == 0)
    let after = try files.plistlib("App.entitlements")
    #expect(after["com.apple.security.app-sandbox"] == true)
    guard case .array(let items)? = groups else { throw Fail("no groups in the fixture") }
    #expect(after["keychain-access-groups"] == .array(["$(AppIdentifierPrefix)shared"] + items))
    #expect(try files.readAlike("App.entitlements"))
    let count = try files.run("plutil", "-extract", "keychain-access-groups", "raw", path)
    #expect(count.stdout == "\(items.count + 1)\n")
  }

  @Test func exportOptionsAreMadeFromAnEmptyFile() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let path = files.path("ExportOptions.plist")
    #expect(try files.run("plutil", "-create", "xml1", path).status == 0)
    for arguments in [
      ["-insert", "method", "-string", "app-store"],
      ["-insert", "teamID", "-string", "ABCDE12345"],
      ["-insert", "uploadSymbols", "-bool", "true"],
      ["-insert", "provisioningProfiles", "-dictionary"],
      ["-insert", "provisioningProfiles.com\\.example\\.app", "-string", "App Store Profile"],
      ["-insert", "compileBitcode", "-bool", "NO"], ["-replace", "thinning", "-string", "<none>"],
    ] {
      let result = try CLI.run(["plutil"] + arguments + [path])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    #expect(
      try files.plistlib("ExportOptions.plist") == [
        "method": "app-store", "teamID": "ABCDE12345", "uploadSymbols": true,
        "provisioningProfiles": ["com.example.app": "App Store Profile"], "compileBitcode": false,
        "thinning": "<none>",
      ])
    #expect(try files.run("plutil", "-lint", path).stdout == "\(path): OK\n")
    #expect(try files.readAlike("ExportOptions.plist"))
  }

  @Test func aBinaryFileStaysBinaryAndJSONStaysJSON() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let binary = try files.copy("info_awful_TUSafariActivity_binary.plist", as: "Info.plist")
    #expect(try files.format("Info.plist") == .binary)
    #expect(
      try files.run("plutil", "-replace", "CFBundleVersion", "-string", "7", binary).status == 0)
    #expect(try files.format("Info.plist") == .binary)
    #expect(try files.plistlib("Info.plist")["CFBundleVersion"] == "7")
    #expect(try files.foundation("Info.plist").1 == .binary)
    #expect(try files.readAlike("Info.plist"))

    let json = files.path("config.json")
    try files.directory.write("config.json", "{\"name\": \"x\", \"list\": [1, 2]}")
    #expect(try files.run("plutil", "-insert", "list.2", "-integer", "3", json).status == 0)
    #expect(try files.format("config.json") == .json)
    let parsed = try JSONSerialization.jsonObject(
      with: Data(try files.directory.read("config.json")))
    #expect((parsed as? [String: Any])?["list"] as? [Int] == [1, 2, 3])
    // -convert rewrites in the format asked for, and back.
    #expect(try files.run("plutil", "-convert", "binary1", json).status == 0)
    #expect(try files.format("config.json") == .binary)
    #expect(try files.plistlib("config.json") == ["name": "x", "list": [1, 2, 3]])
    #expect(
      try files.run("plutil", "-convert", "xml1", "-o", files.path("out.plist"), json).status == 0)
    #expect(try files.format("out.plist") == .xml)
    #expect(try files.run("plutil", "-convert", "json", "-e", "js", json).status == 0)
    #expect(try files.format("config.js") == .json)
  }

  @Test func extractPrintsRawValuesAndWholePlists() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    try files.directory.write(
      "v.plist",
      """
      <plist><dict><key>s</key><string>text</string><key>i</key><integer>-3</integer>
      <key>r</key><real>2.5</real><key>b</key><false/><key>d</key><date>2024-05-06T07:08:09Z</date>
      <key>data</key><data>AAEC/w==</data><key>a</key><array><string>x</string></array>
      <key>dict</key><dict><key>k2</key><true/><key>k10</key><true/></dict></dict></plist>
      """)
    let path = files.path("v.plist")
    for (keyPath, raw, type) in [
      ("s", "text", "string"), ("i", "-3", "integer"), ("r", "2.500000", "float"),
      ("b", "false", "bool"),
      ("d", "2024-05-06T07:08:09Z", "date"), ("data", "AAEC/w==", "data"), ("a", "1", "array"),
      ("dict", "k2\nk10", "dictionary"), ("a.0", "x", "string"),
    ] {
      #expect(try files.run("plutil", "-extract", keyPath, "raw", path).stdout == raw + "\n")
      #expect(try files.run("plutil", "-extract", keyPath, "raw", "-n", path).stdout == raw)
      #expect(try files.run("plutil", "-type", keyPath, path).stdout == type + "\n")
      #expect(
        try files.run("plutil", "-extract", keyPath, "raw", "-expect", type, path).status == 0)
    }
    let xml = try files.run("plutil", "-extract", "dict", "xml1", "-o", "-", path)
    #expect(xml.stdout.hasPrefix("<?xml") && xml.stdout.contains("<key>k10</key>"))
    let json = try files.run("plutil", "-extract", "a", "json", "-o", "-", path)
    #expect(json.stdout == "[\"x\"]")
    // Without -o, -extract in a plist format writes the value over the input, as plutil does.
    #expect(try files.run("plutil", "-extract", "dict", "binary1", path).status == 0)
    #expect(try files.plistlib("v.plist") == ["k2": true, "k10": true])
    #expect(try files.format("v.plist") == .binary)
  }

  @Test func failuresAreOneLineInPlutilsWordsWithStatusOne() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let info = try files.copy("info_aris_Info.plist", as: "Info.plist")
    let bytes = try files.directory.read("Info.plist")
    for (arguments, message) in [
      (
        ["-extract", "Nope", "raw", info],
        "\(info): Could not extract value, error: No value at that key path or invalid key path: Nope\n"
      ),
      (
        ["-extract", "CFBundleVersion", "raw", "-expect", "integer", info],
        "\(info): Value at [CFBundleVersion] expected to be integer but is string\n"
      ),
      (
        ["-insert", "CFBundleVersion", "-string", "1", info],
        "\(info): Value already exists at key path CFBundleVersion\n"
      ),
      (["-replace", "NSFoo.Bar", "-bool", "YES", info], "\(info): Key path not found NSFoo.Bar\n"),
      (["-remove", "Nope", info], "\(info): No value to remove at key path Nope\n"),
      (
        ["-extract", "CFBundleVersion", "json", "-o", "-", info],
        "\(info): Invalid object in plist for JSON format\n"
      ),
      (
        ["-lint", files.path("none.plist")],
        "\(files.path("none.plist")): The file “none.plist” couldn’t be opened because there is no such file.\n"
      ),
      (["-insert"], "'Insert' and 'Replace' require a key path, a type, and a value.\n"),
      (["-insert", "k", "-str", "v", info], "Unknown insert or replace type -str\n"),
      (["-convert", "xml2", info], "Unknown format specifier: xml2\n"),
      (
        ["-convert", "openStep", info], "\(info): Conversion to OpenStep format is not supported\n"
      ),
      (["-lint", "-q", info], "unrecognized option: -q\n"), (["-lint"], "No files specified.\n"),
      (["-p", "-o", "x", info], "-o is not used with -p.\n"),
      (["-extract", "k", "raw", "-expect", "number", info], "-expect type [number] not valid.\n"),
      (["-replace", "k", "-data", "abc", info], "Invalid base64 data in argument\n"),
      (["-lint", ""], ": Empty path specified\n"),
      (
        ["-create", "openStep", files.path("new.plist")],
        "\(files.path("new.plist")): Cannot create open step property lists\n"
      ),
    ] {
      let result = try CLI.run(["plutil"] + arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr == message, "\(arguments)")
      #expect(result.stdout.isEmpty, "\(arguments)")
    }
    #expect(try files.directory.read("Info.plist") == bytes)
  }

  @Test func lintTakesManyFilesAndStandardInput() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    let good = try files.copy("info_aris_Info.plist", as: "a.plist")
    let binary = try files.copy("info_awful_TUSafariActivity_binary.plist", as: "b.plist")
    try files.directory.write("bad.plist", "<plist><dict><key>k</key></dict></plist>")
    try files.directory.write("j.json", "{\"a\": 1}")
    let bad = files.path("bad.plist")
    let result = try files.run("plutil", "-lint", good, bad, binary)
    #expect(result.status == 1)
    #expect(result.stdout == "\(good): OK\n\(binary): OK\n")
    #expect(result.stderr.hasPrefix("\(bad): xml: line 1"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    // No verb is -lint; -s says nothing of good files; JSON is not a property list to lint.
    #expect(try files.run("plutil", "-s", good).stdout.isEmpty)
    #expect(try files.run("plutil", files.path("j.json")).status == 1)
    let stdin = try files.run(
      "plutil", "-lint", "-",
      stdin: String(decoding: try files.directory.read("a.plist"), as: UTF8.self))
    #expect(stdin.stdout == "<stdin>: OK\n")
    // An edit of a file that does not parse leaves it alone.
    #expect(try files.run("plutil", "-insert", "x", "-string", "y", bad).status == 1)
    #expect(
      String(decoding: try files.directory.read("bad.plist"), as: UTF8.self).hasSuffix("</plist>"))
  }

  @Test func pAndSourceCode() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    try files.directory.write(
      "s.plist",
      "<plist><dict><key>b</key><array><true/></array><key>a</key><integer>1</integer></dict></plist>"
    )
    let path = files.path("s.plist")
    #expect(
      try files.run("plutil", "-p", path).stdout
        == "{\n  \"a\" => 1\n  \"b\" => [\n    0 => true\n  ]\n}\n")
    #expect(try files.run("plutil", "-convert", "swift", path).status == 0)
    #expect(
      String(decoding: try files.directory.read("s.swift"), as: UTF8.self)
        == "/// Generated from s.plist\nlet s : [String : Any] = [\n    \"a\" : 1,\n    \"b\" : [\n        true,\n    ],\n]\n"
    )
    #expect(try files.run("plutil", "-convert", "objc", "-header", path).status == 0)
    #expect(
      String(decoding: try files.directory.read("s.m"), as: UTF8.self).hasPrefix(
        "#import \"s.h\"\n"))
    #expect(
      String(decoding: try files.directory.read("s.h"), as: UTF8.self).contains(
        "extern NSDictionary * const s;"))
    // The input is untouched, and still a property list.
    #expect(try files.plistlib("s.plist") == ["a": 1, "b": [true]])
  }

  /// JSON in Foundation's layout, as plutil writes it (scripts compare and grep it).
  @Test func jsonIsInFoundationsLayout() throws {
    let files = try ToolModeFixtures()
    defer { files.remove() }
    try files.directory.write(
      "j.plist",
      "<plist><dict><key>url</key><string>https://x/y</string><key>n</key><real>3</real>"
        + "<key>e</key><dict/><key>l</key><array><integer>1</integer></array></dict></plist>")
    let path = files.path("j.plist")
    #expect(
      try files.run("plutil", "-convert", "json", "-o", "-", path).stdout
        == "{\"e\":{},\"l\":[1],\"n\":3,\"url\":\"https:\\/\\/x\\/y\"}")
    #expect(
      try files.run("plutil", "-convert", "json", "-r", "-o", "-", path).stdout
        == "{\n  \"e\" : {\n\n  },\n  \"l\" : [\n    1\n  ],\n  \"n\" : 3,\n  \"url\" : \"https:\\/\\/x\\/y\"\n}"
    )
    // Read back by Foundation as the same values.
    #expect(try files.run("plutil", "-convert", "json", "-r", path).status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(try files.directory.read("j.plist")))
    #expect((object as? [String: Any])?["url"] as? String == "https://x/y")
  }

  @Test func helpAndTheOtherSpellingOfTheVerbs() throws {
    let help = try CLI.run(["plutil", "-help"])
    #expect(help.status == 0 && help.stdout.contains("-extract KEYPATH FMT"))
  }

  struct Fail: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

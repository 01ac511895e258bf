import Foundation
import Testing

/// `delete`, `domains`, `find`, `export`, `import`, and where domains live.
@Suite("domains, files, import and export")
struct DomainCommandTests {
  @Test func deleteRemovesKeysAndEmptiedDomains() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "a", "1")
    _ = try box.ok("write", "d", "b", "2")
    _ = try box.ok("delete", "d", "a")
    #expect(try box.ok("read", "d") == "{\n    b = 2;\n}\n")
    _ = try box.ok("remove", "d", "b")
    #expect(!box.exists(box.file("d")))
    let missing = try box.run("delete", "d")
    #expect(missing.status == 1)
    #expect(missing.stderr == "plistctl: Domain (d) not found. Defaults have not been changed.\n")
    _ = try box.ok("write", "e", "k", "v")
    _ = try box.ok("delete", "e")
    #expect(!box.exists(box.file("e")))
    let missingKey = try box.run("delete", "d2", "k")
    #expect(missingKey.status == 1)
  }

  @Test func missingDomainsAndKeysExitOne() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let domain = try box.run("read", "com.nope")
    #expect(domain.status == 1 && domain.stderr == "plistctl: Domain com.nope does not exist\n")
    _ = try box.ok("write", "d", "k", "v")
    let key = try box.run("read", "d", "nope")
    #expect(
      key.status == 1
        && key.stderr == "plistctl: The domain/default pair of (d, nope) does not exist\n")
    #expect(try box.run("read-type", "d", "nope").status == 1)
  }

  @Test func domainsListsSortedWithoutTheGlobalDomain() throws {
    let box = try Sandbox()
    defer { box.remove() }
    #expect(try box.ok("domains") == "\n")
    for name in ["com.b", "com.a", "Z.app"] { _ = try box.ok("write", name, "k", "v") }
    _ = try box.ok("write", "-g", "k", "v")
    try Data("not a plist name".utf8).write(to: URL(fileURLWithPath: box.root + "/notes.txt"))
    #expect(try box.ok("domains") == "Z.app, com.a, com.b\n")
  }

  @Test func theGlobalDomainIsGlobalPreferences() throws {
    let box = try Sandbox()
    defer { box.remove() }
    for spelling in ["-g", "-globalDomain", "NSGlobalDomain"] {
      _ = try box.ok("write", spelling, "via\(spelling)", "1")
    }
    let global = try box.contents(".GlobalPreferences")
    #expect(global.keys.sorted() == ["via-g", "via-globalDomain", "viaNSGlobalDomain"])
    #expect(!box.exists(box.file("NSGlobalDomain")))
  }

  @Test func hostOptionsSelectByHostFiles() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("-host", "box1", "write", "d", "k", "v")
    #expect(box.exists(box.root + "/ByHost/d.box1.plist"))
    _ = try box.ok("-currentHost", "write", "d", "k", "v")
    // The machine id, as the store finds it (with its fallback for machines without one).
    let machine =
      ["/etc/machine-id", "/var/lib/dbus/machine-id"].lazy
      .compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .first { !$0.isEmpty } ?? "unknown"
    #expect(box.exists(box.root + "/ByHost/d.\(machine).plist"))
    #expect(try box.ok("-currentHost", "domains") == "d\n")
    #expect(try box.run("read", "d").status == 1)
    let bad = try box.run("-host", "../x", "write", "d", "k", "v")
    #expect(bad.status == 64 && bad.stderr.hasPrefix("plistctl: invalid host name '../x'\n"))
  }

  @Test func pathDomainsWithOrWithoutTheSuffix() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let path = box.directory.path("TestFile")
    _ = try box.ok("write", path, "foo", "bar")
    #expect(box.exists(path + ".plist"))
    #expect(try box.ok("read", path + ".plist", "foo") == "bar\n")
    #expect(try box.ok("read", "~/TestFile", "foo") == "bar\n")
  }

  @Test func findSearchesNamesKeysAndStrings() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "com.amazon.drive", "AppleLanguages", "(ja)")
    _ = try box.ok("write", "com.other", "k", "{ nested = (\"has JAPAN in it\"); }")
    _ = try box.ok("write", "com.other", "n", "-int", "5")
    _ = try box.ok("write", "-g", "AppleLanguages", "(en, ja)")
    #expect(
      try box.ok("find", "ja") == """
        Found 1 keys in domain 'Apple Global Domain': {
            AppleLanguages =     (
                en,
                ja
            );
        }
        Found 1 keys in domain 'com.amazon.drive': {
            AppleLanguages =     (
                ja
            );
        }
        Found 1 keys in domain 'com.other': {
            k =     {
                nested =         (
                    "has JAPAN in it"
                );
            };
        }

        """)
    let none = try box.run("find", "zzz")
    #expect(
      none.status == 1 && none.stderr == "plistctl: No domain, key, nor value containing 'zzz'\n")
  }

  @Test func exportWritesXMLToStdoutAndBinaryToFiles() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "Active", "-bool", "true")
    #expect(
      try box.ok("export", "d", "-") == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>Active</key>
        \t<true/>
        </dict>
        </plist>

        """)
    let out = box.directory.path("out.plist")
    _ = try box.ok("export", "d", out)
    let data = try Data(contentsOf: URL(fileURLWithPath: out))
    #expect(data.starts(with: Data("bplist00".utf8)))
    let parsed =
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    #expect(parsed?["Active"] as? Bool == true)
    #expect(try box.run("export", "nope", "-").status == 1)
  }

  @Test(arguments: ["xml", "binary", "openstep", "json"])
  func importMergesEveryFormat(_ format: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "kept", "1")
    _ = try box.ok("write", "d", "replaced", "old")
    let source = box.directory.path("in.plist")
    try Data("{ replaced = new; added = (x); }".utf8).write(to: URL(fileURLWithPath: source))
    _ = try box.ok("convert", format, source, "--in-place")
    _ = try box.ok("import", "d", source)
    #expect(
      try box.ok("read", "d")
        == "{\n    added =     (\n        x\n    );\n    kept = 1;\n    replaced = new;\n}\n")
  }

  @Test func importReadsStandardInputAndRefusesNonDictionaries() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.run("import", "d", "-", stdin: "{\"n\": 1, \"r\": 2.5, \"b\": true}")
    #expect(try box.ok("read-type", "d", "r") == "Type is float\n")
    let array = try box.run("import", "d", "-", stdin: "(a, b)")
    #expect(array.status == 1)
    #expect(
      array.stderr
        == "plistctl: Property list in <stdin> is an array, not a dictionary. Defaults have not been changed.\n"
    )
    let broken = try box.run("import", "d", "-", stdin: "<plist><dict><key>a</key></dict></plist>")
    #expect(broken.status == 2)
    #expect(broken.stderr == "plistctl: <stdin>: xml: line 1, column 14: key \"a\" has no value\n")
  }
}

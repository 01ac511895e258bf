import Foundation
import Testing

/// `write`, `read`, `read-type`: every type flag and literal form, in `defaults`' grammar.
@Suite("write and read")
struct WriteReadTests {
  @Test(arguments: [
    (["-int", "42"], "42", "integer"), (["-integer", "-9"], "-9", "integer"),
    (["-float", "5.55"], "5.55", "float"), (["-float", "1"], "1", "float"),
    (["-bool", "YES"], "1", "boolean"), (["-boolean", "false"], "0", "boolean"),
    (["-string", "-5"], "-5", "string"), (["-string", "a\\tb"], "a\\tb", "string"),
    (["-date", "2024-01-02 03:04:05 +0000"], "2024-01-02 03:04:05 +0000", "date"),
    (["-date", "2024-01-02T05:04:05+02:00"], "2024-01-02 03:04:05 +0000", "date"),
    (["-data", "1234ABCD"], "{length = 4, bytes = 0x1234abcd}", "data"),
    (["-data", "ABC"], "{length = 2, bytes = 0x0abc}", "data"),
    (["hello"], "hello", "string"), (["1"], "1", "string"),
    (["hello world"], "hello world", "string"),
    (["a\\tb"], "a\tb", "string"), (["<integer>5</integer>"], "5", "integer"),
    (["<true/>"], "1", "boolean"),
    (["<0a0b>"], "{length = 2, bytes = 0x0a0b}", "data"),
    (["(a, b)"], "(\n    a,\n    b\n)", "array"), (["-array"], "(\n)", "array"),
    (
      ["{a=1;b=(x,y);}"], "{\n    a = 1;\n    b =     (\n        x,\n        y\n    );\n}",
      "dictionary"
    ),
    (
      ["-dict", "w", "-float", "0.5", "h", "-string", "10"], "{\n    h = 10;\n    w = \"0.5\";\n}",
      "dictionary"
    ),
    (
      ["-array", "one", "-int", "2", "{k=v;}"],
      "(\n    one,\n    2,\n        {\n        k = v;\n    }\n)", "array"
    ),
  ])
  func writesEachValueForm(_ value: [String], _ printed: String, _ type: String) throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok(arguments: ["write", "com.example.t", "K"] + value)
    #expect(try box.ok("read", "com.example.t", "K") == printed + "\n")
    #expect(try box.ok("read-type", "com.example.t", "K") == "Type is \(type)\n")
  }

  @Test func writesFoundationsFileFormat() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "com.example.pigeon", "HPMapType", "-int", "1")
    #expect(
      String(decoding: try box.bytes("com.example.pigeon"), as: UTF8.self) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>HPMapType</key>
        \t<integer>1</integer>
        </dict>
        </plist>

        """)
    let mode = try FileManager.default.attributesOfItem(atPath: box.file("com.example.pigeon"))[
      .posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    let dirMode = try FileManager.default.attributesOfItem(atPath: box.root)[.posixPermissions]
    #expect((dirMode as? NSNumber)?.intValue == 0o700)
  }

  @Test func readShowsTheDefaultsLayout() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok(
      "write", "d",
      "{ \"last-stamp\" = (\"7.5\"); loc = \"en_US:BR\"; mineffect = scale; apps = ({ GUID = 17; tile = { label = Warp; }; }); empty = (); none = {}; }"
    )
    #expect(
      try box.ok("read", "d") == """
        {
            apps =     (
                        {
                    GUID = 17;
                    tile =             {
                        label = Warp;
                    };
                }
            );
            empty =     (
            );
            "last-stamp" =     (
                "7.5"
            );
            loc = "en_US:BR";
            mineffect = scale;
            none =     {
            };
        }

        """)
  }

  @Test func readPrintsUTF8AndAbridgesLongData() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "s", "-string", "Mise à jour \"vite\"")
    let untyped = try box.run("write", "d", "q", "say \"hi\"")
    #expect(untyped.stderr == "plistctl: Could not parse: say \"hi\".  Try single-quoting it.\n")
    _ = try box.ok("write", "d", "x", "-data", String(repeating: "ab", count: 30))
    #expect(
      try box.ok("read", "d") == """
        {
            s = "Mise à jour \\"vite\\"";
            x = {length = 30, bytes = 0xabababab abababab abababab abababab ... abababab abababab };
        }

        """)
    #expect(try box.ok("read", "d", "s") == "Mise à jour \"vite\"\n")
  }

  @Test func arrayAddAppendsAndCreates() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "a", "-array-add", "x")
    _ = try box.ok("write", "d", "a", "-array-add", "y", "-int", "2")
    #expect(try box.ok("read", "d", "a") == "(\n    x,\n    y,\n    2\n)\n")
    _ = try box.ok("write", "d", "s", "str")
    let refused = try box.run("write", "d", "s", "-array-add", "z")
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "plistctl: Value for key s is not an array; cannot append.  Leaving defaults unchanged.\n"
    )
  }

  @Test func dictAddMergesOneLevel() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "m", "{a = 1; b = {x = 1;};}")
    _ = try box.ok("write", "d", "m", "-dict-add", "b", "{y = 2;}", "c", "-bool", "no")
    #expect(
      try box.ok("read", "d", "m")
        == "{\n    a = 1;\n    b =     {\n        y = 2;\n    };\n    c = 0;\n}\n")
    _ = try box.ok("write", "d", "n", "-dict-add", "k", "v")
    #expect(try box.ok("read-type", "d", "n") == "Type is dictionary\n")
    #expect(try box.run("write", "d", "a", "-dict-add", "k", "v").status == 0)
    _ = try box.ok("write", "d", "arr", "(1)")
    let refused = try box.run("write", "d", "arr", "-dict-add", "k", "v")
    #expect(
      refused.stderr
        == "plistctl: Value for key arr is not a dictionary; cannot append.  Leaving defaults unchanged.\n"
    )
  }

  @Test func writeWithADictionaryReplacesTheDomain() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "old", "1")
    _ = try box.ok("write", "d", "{ root = 1; }")
    #expect(try box.ok("read", "d") == "{\n    root = 1;\n}\n")
    let refused = try box.run("write", "d", "(k)")
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "plistctl: Rep argument is not a dictionary. Defaults have not been changed.\n")
    // A plain word is a key whose value was forgotten (CopiedScriptTests).
    #expect(try box.run("write", "d", "k").status == 64)
    #expect(try box.ok("read", "d") == "{\n    root = 1;\n}\n")
  }

  @Test func renameMovesAValue() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "d", "old", "-int", "3")
    _ = try box.ok("rename", "d", "old", "new")
    #expect(try box.ok("read", "d") == "{\n    new = 3;\n}\n")
    let missing = try box.run("rename", "d", "old", "other")
    #expect(missing.status == 1)
    #expect(
      missing.stderr == "plistctl: Key old does not exist in domain d; leaving defaults unchanged\n"
    )
  }

  @Test func verbsAreCaseInsensitive() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("WRITE", "d", "k", "v")
    #expect(try box.ok("Read", "d", "k") == "v\n")
  }

  @Test func hugeValuesWork() throws {
    let box = try Sandbox()
    defer { box.remove() }
    // One argument may be up to 128 KiB (Linux's MAX_ARG_STRLEN).
    let big = String(repeating: "x", count: 120_000)
    _ = try box.ok("write", "d", "big", "-string", big)
    #expect(try box.ok("read", "d", "big").count == big.count + 1)
  }
}

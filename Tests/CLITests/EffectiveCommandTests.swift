import Foundation
import Testing

/// `read --effective`, `--show-source`, `where` and `watch --effective`: an app's search
/// list seen from the shell.
@Suite("The search list from the shell")
struct EffectiveCommandTests {
  /// The app's file, the global domain behind it, a ByHost file before both, and the
  /// shared system file last.
  static func layeredSandbox() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.ok("write", "com.example.pigeon", "HPMapType", "-int", "1")
    _ = try box.ok("write", "-g", "HPMapType", "-int", "7")
    _ = try box.ok("write", "-g", "AppleLocale", "en_GB")
    _ = try box.ok("-currentHost", "write", "com.example.pigeon", "HPHeading", "-float", "45")
    try FileManager.default.createDirectory(
      atPath: box.systemRoot, withIntermediateDirectories: true)
    _ = try box.ok("write", box.systemRoot + "/com.example.pigeon", "Shared", "-bool", "yes")
    return box
  }

  @Test func readEffectiveShowsWhatTheAppSeesAndWhere() throws {
    let box = try Self.layeredSandbox()
    defer { box.remove() }
    #expect(
      try box.ok("read", "--effective", "com.example.pigeon") == """
        {
            AppleLocale = "en_GB";
            HPHeading = 45;
            HPMapType = 1;
            Shared = 1;
        }

        """)
    #expect(
      try box.ok("read", "--effective", "--show-source", "com.example.pigeon") == """
        global                     AppleLocale = en_GB
        app-byhost                 HPHeading = 45
        app                        HPMapType = 1
        system:com.example.pigeon  Shared = 1

        """)
    let json = try box.ok("read", "--show-source", "--json", "com.example.pigeon", "AppleLocale")
    #expect(json.contains("\"source\": \"global\""))
    #expect(try box.ok("read", "--effective", "com.example.pigeon", "AppleLocale") == "en_GB\n")
    // Deleting the app's value lets the global one show through.
    _ = try box.ok("delete", "com.example.pigeon", "HPMapType")
    #expect(try box.ok("read", "--effective", "com.example.pigeon", "HPMapType") == "7\n")
  }

  @Test func whereListsEveryLayerThatHoldsTheKeyTheWinnerMarked() throws {
    let box = try Self.layeredSandbox()
    defer { box.remove() }
    #expect(
      try box.ok("where", "com.example.pigeon", "HPMapType") == """
        * app (\(box.root)/com.example.pigeon.plist): 1
          global (\(box.root)/.GlobalPreferences.plist): 7

        """)
    let json = try box.ok("where", "--json", "com.example.pigeon", "HPMapType")
    let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    #expect(rows?.map { $0["layer"] as? String } == ["app", "global"])
    #expect(rows?.map { $0["effective"] as? Bool } == [true, false])
    let missing = try box.run("where", "com.example.pigeon", "Nope")
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "plistctl: The domain/default pair of (com.example.pigeon, Nope) does not exist\n")
  }

  @Test func theSearchListNeedsADomainName() throws {
    let box = try Sandbox()
    defer { box.remove() }
    for arguments in [["read", "--effective", "-g"], ["where", "/tmp/x.plist", "k"]] {
      let result = try box.run(arguments: arguments)
      #expect(result.status == 64)
      #expect(result.stderr.hasPrefix("plistctl: the search list is an app's"))
    }
    #expect(try box.run("watch", "--json", "com.x").status == 64)
  }

  /// `watch --effective --json` as a separate process: changes to the app's file and to the
  /// global domain that shows through, one JSON object each, none for shadowed changes.
  @Test func watchEffectiveReportsChangesThatShowThrough() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "com.example.pigeon", "HPMapType", "-int", "1")
    let watch = try WatchCommandTests.Watch(
      box, ["--effective", "--json", "com.example.pigeon"])
    // Ready when a probe write shows up.
    var attempt = 0
    while !watch.output.contains("\"key\":\"probe\"") && attempt < 100 {
      attempt += 1
      _ = try box.ok("write", "com.example.pigeon", "probe", "-int", "\(attempt)")
      watch.waitForText("\"key\":\"probe\"", seconds: 0.1)
    }
    _ = try box.ok("delete", "com.example.pigeon", "probe")
    let removed = #"{"key":"probe","old":\#(attempt),"origin":"otherProcess"}"#
    watch.waitFor(removed)
    let start = watch.output.count

    _ = try box.ok("write", "-g", "HPMapType", "-int", "7")  // shadowed: no line
    _ = try box.ok("write", "-g", "AppleLocale", "en_GB")
    let locale =
      #"{"key":"AppleLocale","layer":"global","new":"en_GB","origin":"otherProcess"}"#
    watch.waitFor(locale)
    _ = try box.ok("delete", "com.example.pigeon", "HPMapType")
    let shown = #"{"key":"HPMapType","layer":"global","new":7,"old":1,"origin":"otherProcess"}"#
    watch.waitFor(shown)
    _ = watch.stop()
    // One line each, and no blank lines between them.
    let lines = String(watch.output.dropFirst(start))
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines == [locale, shown, ""])
  }
}

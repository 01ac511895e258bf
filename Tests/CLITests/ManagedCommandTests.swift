import Foundation
import PlistCore
import TestSupport
import Testing

/// Issue 30: what an administrator forces, locks or sets once, honoured by every command.
/// Managed files count only when root owns them, so these run as root (as CI does).
@Suite(.enabled(if: getuid() == 0, "managed files count only when root owns them"))
struct ManagedCommandTests {
  static let app = "com.example.app"

  /// JSON output, read by PlistCore's JSON reader.
  static func json(_ text: String) throws -> PlistValue {
    try PropertyList.decode(Array(text.utf8), as: .json)
  }

  /// A sandbox with a forced file, a lock, a global forced value, and the user's domain.
  static func sandbox() throws -> (Sandbox, forced: String, locked: String, global: String) {
    let box = try Sandbox()
    let forced = try box.managed.write(.forced, app, ["Kiosk": true, "Homepage": "https://a"])
    let locked = try box.managed.write(.locked, app, .array(["Volume"]))
    let global = try box.managed.write(.forced, ".GlobalPreferences", ["AppleLocale": "de_DE"])
    _ = try box.ok("write", app, "Other", "-int", "1")
    return (box, forced, locked, global)
  }

  @Test func everyWritingCommandRefusesAForcedKeyWithItsOwnStatus() throws {
    let (box, forced, locked, global) = try Self.sandbox()
    defer { box.remove() }
    let before = try box.bytes(Self.app)
    let refusals: [([String], String, String)] = [
      (["write", Self.app, "Kiosk", "-bool", "NO"], "Kiosk", forced),
      (["write", Self.app, ":Kiosk:nested", "-int", "1"], "Kiosk", forced),
      (["write", Self.app, "Volume", "-int", "3"], "Volume", locked),
      (["write", Self.app, "AppleLocale", "en_US"], "AppleLocale", global),
      (["write", Self.app, "{Kiosk = 0; Other = 1;}"], "Kiosk", forced),
      (["rename", Self.app, "Other", "Homepage"], "Homepage", forced),
      (["import", Self.app, "-"], "Kiosk", forced),
    ]
    for (arguments, key, source) in refusals {
      let result = try box.run(arguments: arguments, stdin: Array("{\"Kiosk\": false}".utf8))
      #expect(result.status == 3, "\(arguments)")
      #expect(
        result.stderr
          == "plistctl: \(key) in \(Self.app) is managed by the administrator (\(source)); "
          + "it cannot be changed\n", "\(arguments)")
      #expect(try box.bytes(Self.app) == before, "\(arguments)")
    }
    // The user's stored value of a forced key is not theirs to remove either.
    _ = try box.managed.write(.forced, Self.app, ["Kiosk": true, "Other": 2])
    #expect(try box.run("delete", Self.app, "Other").status == 3)
    #expect(try box.run("reset", Self.app, "Other").status == 3)
    #expect(try box.run("-currentHost", "write", Self.app, "Other", "-int", "5").status == 3)
    #expect(try box.bytes(Self.app) == before)
    // Everything else is the user's, and a whole domain can still be removed.
    _ = try box.ok("write", Self.app, "Mine", "-int", "1")
    _ = try box.ok("delete", Self.app)
  }

  @Test func writableAnswersAsGsettingsPrintsAndByItsStatus() throws {
    let (box, forced, _, global) = try Self.sandbox()
    defer { box.remove() }
    let kiosk = try box.run("writable", Self.app, "Kiosk")
    #expect(kiosk.status == 1 && kiosk.stdout == "false\n")
    #expect(
      kiosk.stderr
        == "plistctl: Kiosk in \(Self.app) is managed by the administrator (\(forced))\n")
    #expect(try box.run("writable", Self.app, ":Volume:deep").status == 1)
    #expect(try box.run("writable", Self.app, "AppleLocale").status == 1)
    #expect(try box.run("writable", "-g", "AppleLocale").stdout == "false\n")
    let other = try box.run("writable", Self.app, "Other")
    #expect(other.status == 0 && other.stdout == "true\n" && other.stderr.isEmpty)
    let json = try box.run("writable", "--json", Self.app, "AppleLocale")
    #expect(json.status == 1 && json.stderr.isEmpty)
    #expect(
      try Self.json(json.stdout) == ["writable": false, "source": .string(global)])
  }

  @Test func managedListsEachKeyWithItsFileAndWarnsAboutIgnoredOnes() throws {
    let (box, forced, locked, _) = try Self.sandbox()
    defer { box.remove() }
    let once = try box.managed.write(.setOnce, Self.app, ["Theme": "dark"])
    let open = try box.managed.write(.forced, Self.app, ["Sneaky": true], dropIn: "zz-open")
    chmod(open, 0o666)
    let before = try box.run("managed", Self.app)
    #expect(before.status == 0)
    #expect(
      before.stdout == """
        forced    Homepage = https://a  (\(forced))
        forced    Kiosk = 1  (\(forced))
        locked    Volume  (\(locked))
        set-once  Theme = dark (not applied yet)  (\(once))

        """)
    #expect(
      before.stderr
        == "plistctl: warning: ignoring managed file \(open): writable by its group or by "
        + "everyone (mode 0666); only root may be able to change it\n")
    _ = try box.ok("read", Self.app)
    #expect(try box.ok("managed", Self.app).contains("Theme = dark (applied)"))
    let json = try Self.json(try box.run("managed", "--json", Self.app).stdout)
    #expect(json["forced"]?["Kiosk"] == ["value": true, "source": .string(forced)])
    #expect(json["setOnce"]?["Theme"]?["applied"] == true)
    #expect(json["ignored"]?.arrayValue?.count == 1)
    let nothing = try box.run("managed", "com.example.unmanaged")
    #expect(nothing.status == 1)
    #expect(
      nothing.stderr
        == "plistctl: Nothing is forced, locked or set once for com.example.unmanaged\n")
    #expect(try box.run("managed", "--json", "com.example.unmanaged").status == 0)
  }

  @Test func theEffectiveViewsShowTheManagedLayer() throws {
    let (box, forced, locked, _) = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "-g", "Volume", "-int", "9")
    try FileManager.default.createDirectory(
      atPath: box.systemRoot, withIntermediateDirectories: true)
    try Data(try PropertyList.encode(["Volume": 4], as: .xml)).write(
      to: URL(fileURLWithPath: box.systemRoot + "/\(Self.app).plist"))
    let shown = try box.ok("read", "--effective", "--show-source", Self.app)
    // The global domain's Volume (9) is the user's: the lock passes over it.
    #expect(
      shown == """
        managed:.GlobalPreferences  AppleLocale = de_DE
        managed:com.example.app     Homepage = https://a
        managed:com.example.app     Kiosk = 1
        app                         Other = 1
        system:com.example.app      Volume = 4

        """)
    #expect(try box.ok("read", "--effective", Self.app, "Kiosk") == "1\n")
    #expect(
      try box.ok("where", Self.app, "Kiosk")
        == "* managed:com.example.app (\(forced)): 1\n")
    #expect(
      try box.ok("where", Self.app, "Volume") == """
        * system:com.example.app (\(box.systemRoot)/com.example.app.plist): 4
          (locked by \(locked): the user's own values do not count)

        """)
    let rows = try Self.json(try box.ok("where", "--json", Self.app, "Kiosk"))
    #expect(rows[0]?["layer"] == "managed:com.example.app")
    #expect(rows[0]?["path"] == .string(forced))
    // Plain `read` is the user's file, as `defaults read` on macOS.
    #expect(try box.run("read", Self.app, "Kiosk").status == 1)
  }

  @Test func settingsShowMarksAManagedRow() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("settings", "attach", "com.example.pigeon", SettingsFixtures.path("pigeon"))
    try box.managed.write(.forced, "com.example.pigeon", ["HPShowTraffic": false])
    let rows = try box.ok("settings", "show", "com.example.pigeon").split(separator: "\n")
    #expect(rows.contains { $0.hasPrefix("  Show Traffic") && $0.hasSuffix(" OFF (managed)") })
    #expect(rows.filter { $0.hasSuffix("(managed)") }.count == 1)
  }

  @Test func aSetOnceValueIsAppliedOncePerChangeThenTheUsersChangesStand() throws {
    let box = try Sandbox()
    defer { box.remove() }
    try box.managed.write(.setOnce, Self.app, ["Theme": "dark"])
    #expect(try box.ok("read", Self.app, "Theme") == "dark\n")
    _ = try box.ok("write", Self.app, "Theme", "light")
    #expect(try box.ok("read", Self.app, "Theme") == "light\n")
    #expect(try box.ok("read", Self.app, "Theme") == "light\n")
    try box.managed.write(.setOnce, Self.app, ["Theme": "blue"])
    #expect(try box.ok("read", Self.app) == "{\n    Theme = blue;\n}\n")
    _ = try box.ok("write", Self.app, "Theme", "light")
    #expect(try box.ok("read-type", Self.app, "Theme") == "Type is string\n")
    #expect(try box.ok("read", Self.app, "Theme") == "light\n")
    // The record is this user's, beside the domains.
    #expect(box.exists(box.root + "/plistctl/set-once/\(Self.app).plist"))
  }
}

import Foundation
import Testing

@testable import PlistCore

/// Sandboxed apps' domains: a Flatpak's in `~/.var/app/ID/config`, a Snap's in
/// `~/snap/NAME/current/.config` (`current` a link to the revision), made in the sandbox's
/// home. Every command that takes a domain finds one that only a container has; a domain in
/// several places is refused; `--container` chooses.
@Suite("sandboxed apps' containers")
struct ContainerCommandTests {
  static let flatpakID = "org.example.Flat"
  static let snapName = "snappy"
  static let snapDomain = "io.snapcraft.Snappy"

  static func flatpakConfig(_ box: Sandbox) -> String {
    box.directory.path(".var/app/\(flatpakID)/config")
  }
  static func snapConfig(_ box: Sandbox) -> String {
    box.directory.path("snap/\(snapName)/current/.config")
  }

  /// A sandbox with a Flatpak app and a Snap, each with its own domain, and a host domain.
  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    let manager = FileManager.default
    try manager.createDirectory(atPath: flatpakConfig(box), withIntermediateDirectories: true)
    let revision = box.directory.path("snap/\(snapName)/12/.config")
    try manager.createDirectory(atPath: revision, withIntermediateDirectories: true)
    try manager.createSymbolicLink(
      atPath: box.directory.path("snap/\(snapName)/current"), withDestinationPath: "12")
    try write(["Zoom": 2, "Name": "flat"], to: flatpakConfig(box) + "/\(flatpakID).plist")
    try write(["Speed": 5], to: revision + "/\(snapDomain).plist")
    _ = try box.ok("write", "org.example.Host", "Here", "-bool", "yes")
    return box
  }

  static func write(_ dictionary: [String: Any], to path: String) throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: dictionary, format: .binary, options: 0)
    try data.write(to: URL(fileURLWithPath: path))
  }

  static func read(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
      ?? [:]
  }

  var flatFile: (Sandbox) -> String { { Self.flatpakConfig($0) + "/\(Self.flatpakID).plist" } }

  // MARK: - Every command that takes a domain

  @Test func readsFindTheContainersDomain() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let id = Self.flatpakID
    #expect(try box.ok("read", id, "Zoom") == "2\n")
    #expect(try box.ok("read", Self.snapDomain, "Speed") == "5\n")
    #expect(try box.ok("read", id).contains("Zoom = 2;"))
    #expect(try box.ok("read-type", id, "Zoom") == "Type is integer\n")
    #expect(try box.ok("keys", id) == "Name\nZoom\n")
    #expect(try box.ok("export", id, "-").contains("<key>Zoom</key>"))
    #expect(try box.ok("read", "--effective", id, "Zoom") == "2\n")
    #expect(try box.ok("where", id, "Zoom").contains(Self.flatpakConfig(box) + "/\(id).plist"))
    #expect(try box.ok("dump", id).contains("Zoom"))
    // The one-key read, as `main` runs it first: it hands over to the general way.
    #expect(CLI.runOneKeyRead(["read", id, "Zoom"], environment: box.environment) == nil)
  }

  @Test func writesGoIntoTheContainerAndNothingToTheHost() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let id = Self.flatpakID
    _ = try box.ok("write", id, "Zoom", "-int", "3")
    _ = try box.ok("rename", id, "Name", "Title")
    _ = try box.ok("delete", id, "Title")
    #expect(try box.run("import", id, "-", stdin: "{ Imported = 1; }").status == 0)
    _ = try box.ok("write", id, "Zoom", "-int", "4")
    _ = try box.ok("reset", id, "Imported")
    #expect(try Self.read(flatFile(box)) as NSDictionary == ["Zoom": 4] as NSDictionary)
    #expect(!box.exists(box.file(id)))
    _ = try box.ok("delete", id)
    #expect(!box.exists(flatFile(box)))
  }

  @Test func aWriteKeepsTheFilesOwnerAndModeAndTakesTheContainersLock() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let file = flatFile(box)
    #expect(chmod(file, 0o640) == 0)
    let owner: uid_t = getuid() == 0 ? 4321 : getuid()
    if getuid() == 0 { #expect(chown(file, owner, owner) == 0) }
    _ = try box.ok("write", Self.flatpakID, "Zoom", "-int", "9")
    var info = stat()
    #expect(stat(file, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o640)
    // (Only root can give a file away: as another user, the owner kept is one's own.)
    #expect(info.st_uid == owner && info.st_gid == (getuid() == 0 ? owner : getgid()))
    // The lock is the container's directory's, as the app's own Defaults takes it there.
    let directory = open(Self.flatpakConfig(box), O_RDONLY | O_DIRECTORY)
    defer { close(directory) }
    #expect(flock(directory, LOCK_EX) == 0)
    var environment = box.environment
    environment["PLISTCTL_LOCK_TIMEOUT"] = "0.2"
    let result = try CLI.run(
      ["write", Self.flatpakID, "Zoom", "-int", "10"], environment: environment)
    #expect(result.status != 0)
    #expect(result.stderr.contains(Self.flatpakConfig(box)))
  }

  @Test func settingsAndTheCloudMirrorFollowTheContainer() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let id = Self.flatpakID
    _ = try box.ok("cloud", "attach", "s", "--folder", box.directory.path("shared"))
    _ = try box.ok("cloud", "mirror", "s", id, "Zoom")
    #expect(try box.ok("cloud", "get", "s", "Zoom") == "2\n")
    _ = try box.ok("cloud", "set", "s", "Zoom", "-int", "7")
    _ = try box.ok("cloud", "sync", "s")
    #expect(try Self.read(flatFile(box))["Zoom"] as? Int == 7)
    #expect(!box.exists(box.file(id)))
  }

  @Test func watchFollowsTheContainersFile() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let id = Self.flatpakID
    let watch = try WatchCommandTests.Watch(box, [id])
    try watch.waitUntilReady(box, domain: id, key: "probe")
    _ = try box.ok("write", id, "Zoom", "-int", "5")
    watch.waitFor("plistctl write \(id) Zoom -int 5")
    #expect(watch.stop().contains("plistctl write \(id) Zoom -int 5"))
    #expect(!box.exists(box.file(id)))
  }

  @Test func aSettingsBundleDescribesTheContainersDomain() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let id = Self.flatpakID
    _ = try box.ok("settings", "attach", id, SettingsFixtures.path("inappsettingskit"))
    _ = try box.ok("write", id, "toggleSwitch", "-bool", "no")
    #expect(try Self.read(flatFile(box))["toggleSwitch"] as? Bool == false)
    #expect(try box.ok("read", "--effective", id, "toggleSwitch") == "0\n")
    let shown = try box.ok("settings", "show", id).split(separator: "\n")
    #expect(shown.contains { $0.hasPrefix("  Toggle Switch ") && $0.hasSuffix(" OFF") })
    _ = try box.ok("reset", id, "toggleSwitch")
    // The schema's factory default shows through again, from the container's point of view.
    #expect(try box.ok("read", "--effective", id, "toggleSwitch") == "1\n")
    #expect(try Self.read(flatFile(box))["toggleSwitch"] == nil)
  }

  // MARK: - Choosing

  @Test func theHostsDomainWinsAndIsNotLookedPast() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("write", Self.flatpakID, "Zoom", "-int", "1")  // goes to the container
    try Self.write(["Zoom": 100], to: box.file(Self.flatpakID))  // now the host has it too
    #expect(try box.ok("read", Self.flatpakID, "Zoom") == "100\n")
    #expect(
      try box.ok("--container", "flatpak:\(Self.flatpakID)", "read", Self.flatpakID, "Zoom")
        == "1\n")
    #expect(try box.ok("--container", "host", "read", Self.flatpakID, "Zoom") == "100\n")
  }

  @Test func aDomainInTwoOfItsAppsContainersIsRefusedWithThePlaces() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    // A Snap named as the domain's last part is the app's too (`flat` for org.example.Flat).
    let snap = box.directory.path("snap/flat/1/.config")
    try FileManager.default.createDirectory(atPath: snap, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: box.directory.path("snap/flat/current"), withDestinationPath: "1")
    try Self.write(["Zoom": 3], to: snap + "/\(Self.flatpakID).plist")
    for arguments in [["read", Self.flatpakID, "Zoom"], ["write", Self.flatpakID, "Zoom", "1"]] {
      let result = try box.run(arguments: arguments)
      #expect(result.status == 64)
      #expect(
        result.stderr.hasPrefix(
          "plistctl: Domain \(Self.flatpakID) is in more than one container"
            + " (flatpak:\(Self.flatpakID), snap:flat): choose one with --container\n"))
    }
    #expect(try box.ok("--container", "snap:flat", "read", Self.flatpakID, "Zoom") == "3\n")
    #expect(try Self.read(flatFile(box))["Zoom"] as? Int == 2)
  }

  // MARK: - What a sandboxed app wrote

  @Test func anotherAppsFileOfTheSameNameIsNotTaken() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    // The Flatpak plants a file named as another app's domain, which the host has not yet.
    try Self.write(["Planted": 1], to: Self.flatpakConfig(box) + "/com.bank.App.plist")
    let result = try box.run("write", "com.bank.App", "Token", "secret")
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "plistctl: Domain com.bank.App is not on this host; flatpak:\(Self.flatpakID) has a file"
          + " of that name, but not as its app's: choose with --container (or --container host)\n"
      ))
    #expect(try Self.read(Self.flatpakConfig(box) + "/com.bank.App.plist")["Token"] == nil)
    _ = try box.ok("--container", "host", "write", "com.bank.App", "Token", "secret")
    #expect(try box.contents("com.bank.App")["Token"] as? String == "secret")
  }

  @Test func aLinkInAContainerIsNeverFollowed() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "com.bank.App", "Balance", "-int", "100")
    let victim = try box.bytes("com.bank.App")
    // The app replaces its domain file by a link to a host file it cannot reach itself.
    try FileManager.default.removeItem(atPath: flatFile(box))
    try FileManager.default.createSymbolicLink(
      atPath: flatFile(box), withDestinationPath: box.file("com.bank.App"))
    let chosen = ["--container", "flatpak:\(Self.flatpakID)"]
    let write = try box.run(arguments: chosen + ["write", Self.flatpakID, "Balance", "-int", "0"])
    #expect(write.status != 0)
    #expect(write.stderr.contains("symbolic links"))
    let read = try box.run(arguments: chosen + ["read", Self.flatpakID, "Balance"])
    #expect(read.status != 0)
    #expect(try box.bytes("com.bank.App") == victim)
    // Not found there without --container either: a link is not the app's domain file.
    #expect(try box.run("read", Self.flatpakID, "Balance").status == 1)
  }

  @Test func aContainerDirectoryLeadingOutOfTheContainerIsRefused() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    // Snap's `current` made a link to the host's preferences directory.
    let current = box.directory.path("snap/\(Self.snapName)/current")
    try FileManager.default.removeItem(atPath: current)
    try FileManager.default.createDirectory(
      atPath: box.directory.path("outside/.config"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: current, withDestinationPath: box.directory.path("outside"))
    let result = try box.run(
      "--container", "snap:\(Self.snapName)", "write", Self.snapDomain, "A", "-int", "1")
    #expect(result.status == 1)
    #expect(result.stderr.contains("leads outside it"))
    #expect(!box.exists(box.directory.path("outside/.config/\(Self.snapDomain).plist")))
  }

  @Test func namesFromAContainerAreEscaped() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    try Self.write(["A": 1], to: Self.flatpakConfig(box) + "/evil\u{1B}[2J\u{9B}31m.plist")
    let listed = try box.ok("domains", "--lines")
    #expect(!listed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
    #expect(listed.contains("evil\\U001b[2J\\U009b31m (flatpak:"))
  }

  @Test func aContainerThatIsNotThereOrIsMisspeltIsRefused() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let missing = try box.run("--container", "flatpak:org.none", "read", "x", "y")
    #expect(missing.status == 1)
    #expect(missing.stderr.hasPrefix("plistctl: No container flatpak:org.none: "))
    for bad in ["flatpak:", "flatpak:../x", "docker:x", "snap:a/b"] {
      let result = try box.run("--container", bad, "domains")
      #expect(result.status == 64, "\(bad)")
    }
  }

  @Test func aNewDomainIsWrittenOnTheHost() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "org.example.New", "A", "-int", "1")
    #expect(box.exists(box.file("org.example.New")))
  }

  // MARK: - Completion

  @Test func theShellCompletesContainersAndTheirDomainsAndKeys() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    #expect(try CompletionTests.complete("--con", in: box).words == ["--container"])
    #expect(
      try CompletionTests.complete("--container", "", in: box).words == [
        "host", "flatpak:\(Self.flatpakID)", "snap:\(Self.snapName)",
      ])
    // Without --container: the host's domains, then those found in their app's container.
    let domains = try CompletionTests.complete("read", "", in: box).words
    #expect(domains.starts(with: ["org.example.Host", Self.flatpakID, Self.snapDomain]))
    #expect(
      try CompletionTests.complete("read", Self.flatpakID, "", in: box).words == ["Name", "Zoom"])
    // With it: that container's domains and keys.
    #expect(
      try CompletionTests.complete("--container", "snap:\(Self.snapName)", "read", "io", in: box)
        .words == [Self.snapDomain])
    #expect(
      try CompletionTests.complete(
        "--container", "snap:\(Self.snapName)", "read", Self.snapDomain, "", in: box
      ).words == ["Speed"])
  }

  // MARK: - Listing

  @Test func domainsListsTheContainersDomainsMarked() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    #expect(
      try box.ok("domains")
        == "org.example.Host, \(Self.flatpakID) (flatpak:\(Self.flatpakID)), "
        + "\(Self.snapDomain) (snap:\(Self.snapName))\n")
    #expect(
      try box.ok("domains", "--lines").split(separator: "\n")
        == [
          "org.example.Host", "\(Self.flatpakID) (flatpak:\(Self.flatpakID))",
          "\(Self.snapDomain) (snap:\(Self.snapName))",
        ])
    let json = try box.ok("domains", "--json")
    let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
    #expect(entries.first as? String == "org.example.Host")
    #expect(
      entries.last as? [String: String] == [
        "domain": Self.snapDomain, "container": "snap:\(Self.snapName)",
      ])
    #expect(
      try box.ok("--container", "flatpak:\(Self.flatpakID)", "domains") == "\(Self.flatpakID)\n")
  }
}

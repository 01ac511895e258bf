import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// Reading an administrator's files: where they are, in which order they win, and which are
/// ignored.
@Suite("Managed files")
struct ManagedDomainTests {
  @Test func theVariableIsReadAsXDGSaysAndTheAdministratorsDirectoryComesFirst() {
    #expect(ManagedLocations(configDirectories: nil).directories == ["/etc/xdg"])
    #expect(ManagedLocations(configDirectories: "").directories == ["/etc/xdg"])
    // Relative entries are invalid (ignored), repeats and trailing slashes go, and the user
    // can neither leave /etc/xdg out nor put a directory before it.
    #expect(
      ManagedLocations(configDirectories: "/opt/a/:relative::/opt/b:/opt/a").directories
        == ["/etc/xdg", "/opt/a", "/opt/b"])
    #expect(
      ManagedLocations(configDirectories: "/opt/a:/etc/xdg").directories == ["/etc/xdg", "/opt/a"])
  }

  @Test func oneLookPerDirectoryTellsWhetherAnythingIsManaged() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let managed = ManagedFiles(in: directory)
    // The variable's bytes: empty entries, colons alone, a trailing colon, relative ones.
    func entries(_ list: String) -> [String] {
      var found: [String] = []
      _ = Platform.firstEntry(in: list) { entry in
        found.append(entry)
        return false
      }
      return found
    }
    for list in ["", ":", ":::", "relative", "relative:"] {
      #expect(entries(list) == [], "\(list)")
    }
    #expect(entries("::/a:b:/c/:") == ["/a", "/c/"])
    let long = String(repeating: "/x", count: 3000)
    #expect(entries(long + ":" + managed.path) == [long, managed.path])
    #expect(!managed.locations().anyFolder())
    try managed.write(.forced, "com.example.app", ["Kiosk": true])
    #expect(managed.locations().anyFolder())
    #expect(managed.locations().mayManage("com.example.app"))
    #expect(!managed.locations().mayManage("com.example.other"))
    #expect(ManagedLocations.anyFolder(configDirectories: "relative:" + managed.path))
    #expect(ManagedDomain(name: "com.example.other", locations: managed.locations()).isEmpty)
  }

  @Test func theFirstDirectoryWinsDropInsFollowTheirNamesAndAUsersOwnFilesWinLast() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = ManagedFiles(in: directory, named: "first")
    let second = ManagedFiles(in: directory, named: "second")
    let app = "com.example.app"
    try second.write(.forced, app, ["A": "second", "B": "second", "C": "second", "U": "second"])
    let firstMain = try first.write(.forced, app, ["A": "first-main", "B": "first-main"])
    try first.write(.forced, app, ["B": "10"], dropIn: "10-package")
    let later = try first.write(.forced, app, ["B": "20"], dropIn: "20-site")
    // Not drop-ins: another extension, a hidden file.
    try Data("x".utf8).write(
      to: URL(fileURLWithPath: first.path + "/plistctl/forced/\(app).d/x.txt"))
    try first.write(.forced, app, ["B": "hidden"], dropIn: ".hidden")
    let own = try second.write(.forced, app, ["U": "user"], user: "tester")
    try second.write(.forced, app, ["U": "someone-else"], user: "other")
    // A user's own file wins within its directory, not over a directory listed before it.
    try second.write(.forced, app, ["A": "second-user"], dropIn: "a", user: "tester")
    try first.write(.locked, app, .array(["L1"]))
    try second.write(.locked, app, .array(["L2"]))
    try first.write(.setOnce, app, ["S": 1])

    let locations = ManagedLocations(
      directories: [first.path, second.path], userName: "tester", trustedOwner: getuid())
    let managed = ManagedDomain(name: app, locations: locations)
    #expect(managed.problems.isEmpty)
    #expect(managed.forced == ["A": "first-main", "B": "20", "C": "second", "U": "user"])
    #expect(managed.source(of: "A", .forced) == firstMain)
    #expect(managed.source(of: "B", .forced) == later)
    #expect(managed.source(of: "U", .forced) == own)
    #expect(managed.locked == ["L1", "L2"])
    #expect(managed.setOnce == ["S": 1])
    #expect(managed.isForced("L2") && managed.isForced("A") && !managed.isForced("S"))
    #expect(
      managed.entries.map { "\($0.kind) \($0.key)" } == [
        "forced A", "forced B", "forced C", "forced U", "locked L1", "locked L2", "set-once S",
      ])
    // The folders a watcher watches include the ones that do not exist yet.
    let folders = ManagedDomain.folders(name: app, locations: locations)
    #expect(folders.contains(first.path + "/plistctl/set-once/\(app).d"))
    #expect(folders.contains(second.path + "/plistctl/forced/users/tester/\(app).d"))
  }

  @Test func filesThatAreNotRegularOrNotThereAreIgnoredAndNamed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let managed = ManagedFiles(in: directory)
    let app = "com.example.app"
    let fine = try managed.write(.forced, app, ["Fine": true], dropIn: "50-fine")
    let dropIns = managed.path + "/plistctl/forced/\(app).d"
    let fifo = dropIns + "/10-fifo.plist"
    #expect(mkfifo(fifo, 0o644) == 0)
    let dangling = dropIns + "/20-dangling.plist"
    #expect(symlink(directory.path("nowhere"), dangling) == 0)
    let linked = dropIns + "/30-linked.plist"
    let target = try managed.write(.forced, "elsewhere", ["Linked": true])
    #expect(symlink(target, linked) == 0)
    // Reading a FIFO would wait for a writer forever: it is named, not opened for long.
    let read = ManagedDomain(name: app, locations: managed.locations())
    #expect(read.forced == ["Fine": true, "Linked": true])
    #expect(read.source(of: "Fine", .forced) == fine)
    #expect(read.source(of: "Linked", .forced) == linked)
    #expect(
      read.problems.map(\.description) == [
        "ignoring managed file \(fifo): it is not a regular file",
        "ignoring managed file \(dangling): cannot read \(dangling): No such file or directory",
      ])
  }

  @Test func filesAUserCouldChangeOrThatDoNotParseAreIgnoredAndNamed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let managed = ManagedFiles(in: directory)
    let app = "com.example.app"
    let open = try managed.write(.forced, app, ["Open": true])
    chmod(open, 0o666)
    let groupDropIn = try managed.write(.forced, app, ["Group": true], dropIn: "group")
    chmod(groupDropIn, 0o664)
    let fine = try managed.write(.forced, app, ["Fine": true], dropIn: "fine")
    let broken = try managed.write(.setOnce, app, ["S": 1])
    try Data("<plist><dict><key>".utf8).write(to: URL(fileURLWithPath: broken))
    let lockDictionary = try managed.write(.locked, app, ["NotAList": true])
    // A folder on the way that others may write: everything under it is ignored.
    let users = managed.path + "/plistctl/forced/users"
    try managed.write(.forced, app, ["Mine": true], user: "tester")
    chmod(users, 0o777)

    let read = ManagedDomain(name: app, locations: managed.locations())
    #expect(read.forced == ["Fine": true])
    #expect(read.source(of: "Fine", .forced) == fine)
    #expect(read.setOnce.isEmpty && read.locked.isEmpty)
    let ignored = Set(read.problems.map(\.path))
    #expect(ignored == [open, groupDropIn, broken, lockDictionary, users])
    #expect(
      read.problems.first { $0.path == open }?.description
        == "ignoring managed file \(open): writable by its group or by everyone (mode 0666); "
        + "only root may be able to change it")
    #expect(read.problems.contains { $0.description.contains("array of key names") })
  }

  @Test(.enabled(if: getuid() == 0, "giving a file to another user needs root"))
  func aFileAnotherUserOwnsIsIgnored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let managed = ManagedFiles(in: directory)
    let file = try managed.write(.forced, "com.example.app", ["Kiosk": true])
    #expect(chown(file, 4321, 4321) == 0)
    let read = ManagedDomain(name: "com.example.app", locations: managed.locations())
    #expect(read.forced.isEmpty)
    #expect(
      read.problems.map(\.description) == [
        "ignoring managed file \(file): owned by uid 4321, not root; only root may be able to "
          + "change it"
      ])
  }

  @Test func aUserNameThatIsNotOneFoldersNameNamesNone() throws {
    for name in ["", ".", "..", "../root", "a/b"] {
      #expect(ManagedLocations(directories: [], userName: name, trustedOwner: 0).userName() == nil)
    }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let managed = ManagedFiles(in: directory)
    // A file placed where "../other" would lead from users/: not read for that name.
    try managed.write(.forced, "com.example.app", ["Escaped": true], user: "other")
    let read = ManagedDomain(
      name: "com.example.app", locations: managed.locations(userName: "../other"))
    #expect(read.forced.isEmpty)
  }

  @Test func theGlobalDomainHasItsOwnFiles() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let managed = ManagedFiles(in: directory)
    try managed.write(.forced, ".GlobalPreferences", ["AppleLocale": "de_DE"])
    let global = ManagedDomain(name: ManagedDomain.globalName, locations: managed.locations())
    #expect(global.forced == ["AppleLocale": "de_DE"])
  }
}

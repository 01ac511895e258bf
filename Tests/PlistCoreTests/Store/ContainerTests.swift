import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// `Container`: Flatpak's and Snap's preferences directories, found in a home made in a
/// temporary directory; `DomainStore` and `Defaults` addressing them; and, inside a sandbox,
/// nothing different: the XDG variables as Flatpak and Snap set them already point there.
@Suite("Containers")
struct ContainerTests {
  let home: TemporaryDirectory
  init() throws { home = try TemporaryDirectory() }

  func make(_ relative: String) throws -> String {
    let path = home.path(relative)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func namesAreParsedAndCheckedAsTheCommandLineGivesThem() {
    #expect(Container("host") == .host)
    #expect(Container("flatpak:org.example.App") == .flatpak("org.example.App"))
    #expect(Container("snap:vlc") == .snap("vlc"))
    for bad in ["", "flatpak:", "flatpak:..", "flatpak:.", "snap:a/b", "docker:x", "Host"] {
      #expect(Container(bad) == nil, "\(bad)")
    }
    #expect(Container.flatpak("a.b").description == "flatpak:a.b")
  }

  @Test func eachContainerHasItsAppsConfigDirectory() {
    #expect(Container.host.preferencesDirectory(home: "/h") == nil)
    #expect(Container.flatpak("a.b").preferencesDirectory(home: "/h/") == "/h/.var/app/a.b/config")
    #expect(Container.snap("s").preferencesDirectory(home: "/h") == "/h/snap/s/current/.config")
    #expect(Container.host.stateDirectory(home: "/h") == nil)
    #expect(Container.flatpak("a.b").stateDirectory(home: "/h") == "/h/.var/app/a.b/.local/state")
    #expect(Container.snap("s").stateDirectory(home: "/h") == "/h/snap/s/current/.local/state")
  }

  @Test func installedAndHoldingFindThemInTheHome() throws {
    let flat = try make(".var/app/org.example.Flat/config")
    _ = try make(".var/app/org.example.NoConfig/data")
    _ = try make("snap/snappy/7/.config")
    try FileManager.default.createSymbolicLink(
      atPath: home.path("snap/snappy/current"), withDestinationPath: "7")
    #expect(
      Container.installed(home: home.url.path) == [.flatpak("org.example.Flat"), .snap("snappy")])
    try Data().write(to: URL(fileURLWithPath: flat + "/d.plist"))
    #expect(Container.holding(domain: "d", home: home.url.path) == [.flatpak("org.example.Flat")])
    #expect(Container.holding(domain: "e", home: home.url.path).isEmpty)
  }

  @Test func aStoreAndDefaultsAddressAContainersDomain() throws {
    let config = try make(".var/app/org.example.Flat/config")
    let container = Container.flatpak("org.example.Flat")
    let store = try DomainStore(container: container, home: home.url.path, hostRoot: "/nowhere")
    #expect(store.root == config)
    try store.update(try Domain(named: "org.example.Flat")) { $0["Zoom"] = 3 }
    #expect(FileManager.default.fileExists(atPath: config + "/org.example.Flat.plist"))
    let environment = try #require(
      DefaultsEnvironment.container(container, home: home.url.path, domain: "org.example.Flat"))
    let defaults = try Defaults(domain: "org.example.Flat", environment: environment)
    #expect(defaults.integer(forKey: "Zoom") == 3)
    #expect(DefaultsEnvironment.container(.host, home: home.url.path, domain: "x") == nil)
    #expect(
      try DomainStore(container: .host, home: home.url.path, hostRoot: "/h/.config").root
        == "/h/.config")
  }

  /// Inside the sandboxes, an app's own store is the container's, by the variables alone.
  @Test func insideASandboxTheVariablesAlreadyPointIntoTheContainer() throws {
    let real = home.url.path
    // Flatpak sets XDG_CONFIG_HOME and XDG_STATE_HOME into ~/.var/app/ID; HOME stays.
    let flatpak = [
      "HOME": real, "XDG_CONFIG_HOME": real + "/.var/app/org.example.Flat/config",
      "XDG_STATE_HOME": real + "/.var/app/org.example.Flat/.local/state",
    ]
    #expect(
      try DomainStore(environment: flatpak).root
        == Container.flatpak("org.example.Flat").preferencesDirectory(home: real))
    #expect(
      StateFiles.stateHome(xdgStateHome: flatpak["XDG_STATE_HOME"], home: real)
        == real + "/.var/app/org.example.Flat/.local/state")
    // Snap sets HOME to the revision's directory (SNAP_USER_DATA).
    let snap = ["HOME": real + "/snap/snappy/7"]
    #expect(try DomainStore(environment: snap).root == real + "/snap/snappy/7/.config")
    #expect(
      StateFiles.stateHome(xdgStateHome: nil, home: snap["HOME"])
        == real + "/snap/snappy/7/.local/state")
  }
}

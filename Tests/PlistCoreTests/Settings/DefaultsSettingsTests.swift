import Foundation
import PlistCore
import Testing

/// `Defaults.register(settingsBundle:)`: the bundle's factory defaults as the last layer of
/// one instance's search list, and `write(_:forKey:)` refusing what the bundle forbids.
/// Registration of plain defaults is process-wide and shared by every test, so these tests
/// use only the per-instance schema layer, their own keys, and leave the process's layers
/// out.
@Suite("Defaults with a Settings bundle")
struct DefaultsSettingsTests {
  /// A Defaults over a temporary root, with a made-up bundle beside it.
  struct Box {
    let sandbox: DefaultsSandbox
    let bundle: SyntheticBundle
    let domain = "com.example.settings-tests"

    init() throws {
      sandbox = try DefaultsSandbox()
      bundle = try SyntheticBundle(root: [
        Element.group("Display"),
        Element.toggle("stests.dim", false, title: "Dim"),
        Element.slider("stests.shade", 0.25, 0, 1),
        Element.multi("stests.mode", 2, values: [1, 2, 3], titles: ["A", "B", "C"]),
        Element.text("stests.name", "Anonymous"),
        ["Type": "PSTitleValueSpecifier", "Key": "stests.version", "DefaultValue": "1.0"],
      ])
    }

    /// A new instance: the process's own layers (arguments, registration) left out.
    func defaults() throws -> Defaults {
      var environment = sandbox.environment
      environment.includesProcessLayers = false
      return try Defaults(domain: domain, environment: environment)
    }

    var file: String { sandbox.root + "/" + domain + ".plist" }

    func bytes() -> Data? { FileManager.default.contents(atPath: file) }

    func remove() {
      sandbox.directory.remove()
      bundle.remove()
    }
  }

  @Test func anUnsetKeyComesFromTheSchemaLayerWithTheBundlesDefault() throws {
    let box = try Box()
    defer { box.remove() }
    let defaults = try box.defaults()
    #expect(defaults.lookup("stests.shade") == nil)
    let schema = try #require(defaults.register(settingsBundle: box.bundle.path))
    #expect(schema.keys.count == 5)
    #expect(defaults.lookup("stests.shade")?.value == 0.25)
    #expect(defaults.lookup("stests.shade")?.layer == .schema)
    #expect(defaults.lookup("stests.dim")?.value == false)
    #expect(defaults.lookup("stests.mode")?.value == 2)
    #expect(defaults.double(forKey: "stests.shade") == 0.25)
    #expect(defaults.integer(forKey: "stests.mode") == 2)
    #expect(defaults.string(forKey: "stests.name") == "Anonymous")
    // A title value is the app's to write: it has no factory default.
    #expect(defaults.lookup("stests.version") == nil)
    #expect(defaults.contents(of: .schema) == schema.factoryDefaults)
    // Nothing was written to get there.
    #expect(box.bytes() == nil)
  }

  @Test func theRealSampleAppsDefaultsIncludeItsChildPanes() throws {
    let box = try Box()
    defer { box.remove() }
    let defaults = try box.defaults()
    defaults.register(settingsBundle: SettingsCorpusTests.path("inappsettingskit"))
    #expect(defaults.lookup("slider_preference1")?.value == 0.5)  // Complete.plist
    #expect(defaults.lookup("sensitivity")?.value == 2)  // Advanced.plist
    #expect(defaults.lookup("toogle_string")?.value == "foo")
    #expect(defaults.bool(forKey: "toggleSwitch"))
  }

  @Test func aUserValueShadowsTheFactoryDefault() throws {
    let box = try Box()
    defer { box.remove() }
    try box.sandbox.write(box.domain + ".plist", ["stests.shade": 0.75])
    let defaults = try box.defaults()
    defaults.register(settingsBundle: box.bundle.path)
    #expect(defaults.lookup("stests.shade")?.value == 0.75)
    #expect(defaults.lookup("stests.shade")?.layer == .app(.any))
    let layers = try defaults.values(forKey: "stests.shade")
    #expect(layers.map(\.layer) == [.app(.any), .schema])
    #expect(layers.map(\.value) == [0.75, 0.25])
    // Removing the user's value lets the default show through again.
    defaults.removeObject(forKey: "stests.shade")
    #expect(defaults.lookup("stests.shade")?.value == 0.25)
    #expect(defaults.lookup("stests.shade")?.layer == .schema)
  }

  @Test func writeRefusesAValueTheBundleForbidsAndTouchesNothing() throws {
    let box = try Box()
    defer { box.remove() }
    let defaults = try box.defaults()
    defaults.register(settingsBundle: box.bundle.path)
    // No file yet: a refusal does not create one.
    let first = #expect(throws: PlistError.self) { try defaults.write(1.5, forKey: "stests.shade") }
    #expect(
      first
        == .refusedBySchema(
          key: "stests.shade", value: 1.5, allowed: .range(minimum: 0, maximum: 1)))
    #expect(box.bytes() == nil)

    try defaults.write(0.5, forKey: "stests.shade")
    let written = try #require(box.bytes())
    for (key, value) in [("stests.mode", 4), ("stests.dim", "NO"), ("stests.name", 7)]
      as [(String, PlistValue)]
    {
      #expect(throws: PlistError.self, "\(key)") { try defaults.write(value, forKey: key) }
    }
    #expect(box.bytes() == written)
    #expect(defaults.lookup("stests.shade")?.value == 0.5)
    #expect(defaults.lookup("stests.mode")?.layer == .schema)
    // Allowed values, a removal, and keys the bundle does not declare go through.
    try defaults.write(3, forKey: "stests.mode")
    try defaults.write(nil, forKey: "stests.shade")
    try defaults.write("anything", forKey: "stests.version")
    try defaults.write(["free": true], forKey: "stests.undeclared")
    #expect(
      try box.sandbox.read(box.domain + ".plist") == [
        "stests.mode": 3, "stests.version": "anything", "stests.undeclared": ["free": true],
      ])
  }

  /// `set` has Foundation's shape, which cannot report a refusal: it stores what it is
  /// given, as `UserDefaults.set` does.
  @Test func setDoesNotValidate() throws {
    let box = try Box()
    defer { box.remove() }
    let defaults = try box.defaults()
    defaults.register(settingsBundle: box.bundle.path)
    defaults.set(PlistValue.integer(9), forKey: "stests.mode")
    defaults.set(PlistValue.string("loud"), forKey: "stests.dim")
    #expect(defaults.lastWriteError == nil)
    #expect(
      try box.sandbox.read(box.domain + ".plist") == ["stests.mode": 9, "stests.dim": "loud"])
    #expect(defaults.lookup("stests.mode")?.value == 9)
  }

  /// The schema belongs to the instance it was registered on.
  @Test func anotherInstanceHasNoSchema() throws {
    let box = try Box()
    defer { box.remove() }
    let registered = try box.defaults()
    registered.register(settingsBundle: box.bundle.path)
    let other = try box.defaults()
    #expect(other.lookup("stests.shade") == nil)
    try other.write(5, forKey: "stests.shade")
    #expect(registered.lookup("stests.shade")?.value == 5)
    #expect(registered.lookup("stests.shade")?.layer == .app(.any))
  }

  @Test func aBundleThatCannotBeReadChangesNothing() throws {
    let box = try Box()
    defer { box.remove() }
    let defaults = try box.defaults()
    #expect(defaults.register(settingsBundle: box.bundle.directory.path("Missing.bundle")) == nil)
    #expect(defaults.contents(of: .schema).isEmpty)
    try defaults.write(42, forKey: "stests.shade")
    #expect(defaults.lookup("stests.shade")?.value == 42)
  }

  /// Registering a second bundle replaces the first: its defaults and its checks.
  @Test func aLaterBundleReplacesTheEarlierOne() throws {
    let box = try Box()
    defer { box.remove() }
    let other = try SyntheticBundle(root: [Element.slider("stests.shade", 5, 0, 10)])
    defer { other.remove() }
    let defaults = try box.defaults()
    defaults.register(settingsBundle: box.bundle.path)
    defaults.register(settingsBundle: other.path)
    #expect(defaults.lookup("stests.shade")?.value == 5)
    #expect(defaults.lookup("stests.mode") == nil)
    try defaults.write(7, forKey: "stests.shade")
    try defaults.write(99, forKey: "stests.mode")
    #expect(throws: PlistError.self) { try defaults.write(11, forKey: "stests.shade") }
  }
}

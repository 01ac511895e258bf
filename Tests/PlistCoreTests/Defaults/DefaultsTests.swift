import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// A `Defaults` over a temporary root, its system directory beside it, and the files of
/// every layer written directly, so each test sees exactly the layers it sets up.
struct DefaultsSandbox {
  let directory: TemporaryDirectory
  let root: String
  let system: String
  let environment: DefaultsEnvironment

  init(arguments: [String] = []) throws {
    directory = try TemporaryDirectory()
    root = directory.path("config")
    system = directory.path("system")
    for path in [root, root + "/ByHost", system] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    environment = DefaultsEnvironment(
      root: root, systemRoot: system, machineIdentifier: "m1", arguments: arguments)
  }

  func defaults(_ domain: String = "com.example.pigeon") throws -> Defaults {
    try Defaults(domain: domain, environment: environment)
  }

  /// Writes a domain file (relative to the root, or absolute).
  func write(_ file: String, _ dictionary: PlistDictionary) throws {
    let path = file.hasPrefix("/") ? file : root + "/" + file
    try Data(try PropertyList.encode(.dictionary(dictionary), as: .xml))
      .write(to: URL(fileURLWithPath: path))
  }

  /// A fresh account's `Defaults` for `com.example.fresh`: its preferences directory
  /// (returned) and that one's parent do not exist; `users`, above them, does, and no other
  /// layer's directory is in it.
  func freshAccount(_ name: String) throws -> (defaults: Defaults, root: String) {
    let users = directory.path("users")
    try FileManager.default.createDirectory(atPath: users, withIntermediateDirectories: true)
    let root = users + "/\(name)/.config/preferences"
    return (
      try Defaults(domain: "com.example.fresh", environment: DefaultsEnvironment(root: root)), root
    )
  }

  /// Makes a fresh account's directories and writes its domain, as another program would.
  func makeAndWrite(_ root: String, _ dictionary: PlistDictionary) throws {
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try write(root + "/com.example.fresh.plist", dictionary)
  }

  func remove(_ file: String) {
    try? FileManager.default.removeItem(atPath: file.hasPrefix("/") ? file : root + "/" + file)
  }

  func read(_ file: String) throws -> PlistDictionary? {
    let path = file.hasPrefix("/") ? file : root + "/" + file
    guard let bytes = FileManager.default.contents(atPath: path) else { return nil }
    return try PropertyList.decode([UInt8](bytes)).value.dictionaryValue
  }
}

@Suite("Defaults: the search list")
struct DefaultsSearchListTests {
  @Test func theSearchListIsInFoundationsOrderWithVolatileDomainsAndSuites() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    defaults.setVolatileDomain(["v": 1], forName: "transient")
    defaults.addSuite(named: "group.example")
    #expect(
      defaults.searchList.map(\.description) == [
        "argument", "volatile:transient", "app-byhost", "app", "suite-byhost:group.example",
        "suite:group.example", "global-byhost", "global", "system:com.example.pigeon",
        "system:group.example", "system:.GlobalPreferences", "registered", "schema",
      ])
    #expect(defaults.path(of: .app(.current)) == box.root + "/ByHost/com.example.pigeon.m1.plist")
    #expect(defaults.path(of: .global(.any)) == box.root + "/.GlobalPreferences.plist")
    #expect(
      defaults.path(of: .system(".GlobalPreferences")) == box.system + "/.GlobalPreferences.plist")
  }

  /// The file of each file layer of com.example.pigeon with the suite group.example (this
  /// host `m1`), first to last: relative to the root, the shared ones in `system`.
  static func fileLayers(system: String) -> [(String, DefaultsLayer)] {
    [
      ("ByHost/com.example.pigeon.m1.plist", .app(.current)),
      ("com.example.pigeon.plist", .app(.any)),
      ("ByHost/group.example.m1.plist", .suite("group.example", .current)),
      ("group.example.plist", .suite("group.example", .any)),
      ("ByHost/.GlobalPreferences.m1.plist", .global(.current)),
      (".GlobalPreferences.plist", .global(.any)),
      (system + "/com.example.pigeon.plist", .system("com.example.pigeon")),
      (system + "/group.example.plist", .system("group.example")),
      (system + "/.GlobalPreferences.plist", .system(".GlobalPreferences")),
    ]
  }

  /// A Defaults's first lookup looks the key up in each file without reading it into a
  /// dictionary (a one-key program costs what `plistctl read` does); later lookups read the
  /// files whole. Both answer alike, with whichever layer wins: each file layer in turn
  /// (those in front of it without the key), a file that does not parse or is not a
  /// dictionary (skipped, as by the getters), and the layers in memory.
  @Test func theFirstLookupAnswersAsLaterOnes() throws {
    let key = "FirstKey"
    let files = Self.fileLayers(system: "")
    func check(
      _ expected: (PlistValue, DefaultsLayer)?, arguments: [String] = [],
      _ setUp: (DefaultsSandbox, Defaults) throws -> Void
    ) throws {
      let box = try DefaultsSandbox(arguments: arguments)
      defer { box.directory.remove() }
      let defaults = try box.defaults()
      defaults.addSuite(named: "group.example")
      try setUp(box, defaults)
      let answers = (0..<3).map { _ in defaults.lookup(key) }
      for answer in answers {
        #expect(answer?.value == expected?.0 && answer?.layer == expected?.1, "\(answers)")
      }
    }
    for winner in files.indices {
      try check((.string(files[winner].1.description), files[winner].1)) { box, _ in
        let files = Self.fileLayers(system: box.system)
        for (name, layer) in files[winner...] {
          try box.write(name, [key: .string(layer.description), "other": 1])
        }
        for (name, _) in files[..<winner] { try box.write(name, ["other": 1]) }
      }
    }
    // Not parsed, not a dictionary: the next layer.
    for broken in ["<plist><dict><key>FirstKey</key>", "<plist><array/></plist>"] {
      try check(("global", .global(.any))) { box, _ in
        try Data(broken.utf8).write(
          to: URL(fileURLWithPath: box.root + "/com.example.pigeon.plist"))
        try box.write(".GlobalPreferences.plist", [key: "global"])
      }
    }
    try check(("argument", .argument), arguments: ["pigeon", "-FirstKey", "argument"]) { box, _ in
      try box.write("com.example.pigeon.plist", [key: "app"])
    }
    try check(("volatile", .volatile("v"))) { box, defaults in
      defaults.setVolatileDomain([key: "volatile"], forName: "v")
      try box.write("com.example.pigeon.plist", [key: "app"])
    }
    try check(("factory", .schema)) { _, defaults in
      defaults.registerFactoryDefaults([key: "factory"])
    }
    try check(nil) { _, _ in }
  }

  /// The preferences directory and its parent both missing at the first lookups (a fresh
  /// account): the process's gate watches their nearest existing ancestor, so the file
  /// another program writes once it has made them is read at the next lookup, where the
  /// gate watched neither and answered "no file" for ever.
  @Test func aFileWrittenWhereNoDirectoryWasIsReadAtTheNextLookup() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let (defaults, root) = try box.freshAccount("bob")
    // The second lookup starts the gate; the third asks it.
    for _ in 0..<3 { #expect(defaults.lookup("k") == nil) }
    try box.makeAndWrite(root, ["k": 1])
    #expect(defaults.lookup("k")?.value == 1)
  }

  /// Another program's save of the app's file held open past the five seconds a read waits:
  /// the lookup answers with the values read before it (as a change stream keeps them), where
  /// it answered with none; once the save is written, with the saved ones.
  @Test func aLookupDuringAnUnfinishedSaveKeepsTheValuesBeforeIt() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    try box.write("com.example.app.plist", ["k": 1])
    let defaults = try box.defaults("com.example.app")
    // The first lookup reads the key alone; the second reads the file in full and keeps it.
    for _ in 0..<2 { #expect(defaults.lookup("k")?.value == 1) }
    let handle = try #require(FileHandle(forWritingAtPath: box.root + "/com.example.app.plist"))
    try handle.truncate(atOffset: 0)
    for _ in 0..<2 { #expect(defaults.lookup("k")?.value == 1) }
    try handle.write(contentsOf: Data(try PropertyList.encode(.dictionary(["k": 2]), as: .xml)))
    try handle.close()
    #expect(defaults.lookup("k")?.value == 2)
  }

  /// One key in every layer, removed layer by layer: each time the next layer wins.
  @Test func oneKeyInEveryLayerRemovedLayerByLayer() throws {
    let key = "EveryLayerKey"
    let box = try DefaultsSandbox(arguments: ["pigeon", "-EveryLayerKey", "argument"])
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    defaults.setVolatileDomain([key: "volatile"], forName: "v")
    defaults.addSuite(named: "group.example")
    let files = Self.fileLayers(system: box.system)
    for (file, layer) in files { try box.write(file, [key: .string(layer.description)]) }
    defaults.register(defaults: [key: "registered"])
    defaults.registerFactoryDefaults([key: "factory"])

    var expected: [DefaultsLayer] = [.argument, .volatile("v")] + files.map(\.1)
    expected += [.registration, .schema]
    #expect(try defaults.values(forKey: key).map(\.layer) == expected)
    #expect(defaults.lookup(key)?.layer == .argument)
    #expect(defaults.string(forKey: key) == "argument")

    // The argument domain cannot be removed; start from a Defaults without it.
    let plain = try Defaults(
      domain: "com.example.pigeon",
      environment: DefaultsEnvironment(
        root: box.root, systemRoot: box.system, machineIdentifier: "m1"))
    plain.setVolatileDomain([key: "volatile"], forName: "v")
    plain.addSuite(named: "group.example")
    plain.registerFactoryDefaults([key: "factory"])
    #expect(plain.lookup(key)?.layer == .volatile("v"))
    plain.removeVolatileDomain(forName: "v")
    for (file, layer) in files {
      #expect(plain.lookup(key)?.layer == layer)
      #expect(plain.string(forKey: key) == layer.description)
      box.remove(file)
    }
    #expect(plain.lookup(key)?.layer == .registration)
    ProcessDefaults.registration.withLock { _ = $0.removeValue(forKey: key) }
    ProcessDefaults.memoryVersion.add(1, ordering: .releasing)  // as register(defaults:) does
    #expect(plain.lookup(key)?.layer == .schema)
    plain.registerFactoryDefaults([:])
    #expect(plain.lookup(key) == nil)
    #expect(plain.object(forKey: key) == nil)
  }

  @Test func registrationIsSharedByTheWholeProcessAndTheLaterValueWins() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let one = try box.defaults("com.example.one")
    let other = try box.defaults("com.example.other")
    one.register(defaults: ["DefaultsTests.shared": 1])
    other.register(defaults: ["DefaultsTests.shared": 2])
    #expect(one.integer(forKey: "DefaultsTests.shared") == 2)
    #expect(one.lookup("DefaultsTests.shared")?.layer == .registration)
  }

  @Test func anUnreadableFileIsEmptyForGettersAndAnErrorForValuesForKey() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    try Data("<plist><dict><key>a".utf8).write(
      to: URL(fileURLWithPath: box.root + "/com.example.pigeon.plist"))
    let defaults = try box.defaults()
    try box.write(".GlobalPreferences.plist", ["a": "global"])
    #expect(defaults.string(forKey: "a") == "global")
    #expect(throws: PlistError.self) { try defaults.values(forKey: "a") }
  }

  @Test func anEmptyFileIsAnEmptyDomain() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    try Data().write(to: URL(fileURLWithPath: box.root + "/com.example.pigeon.plist"))
    let defaults = try box.defaults()
    #expect(try defaults.values(forKey: "a").isEmpty)
    defaults.set(1, forKey: "a")
    #expect(try box.read("com.example.pigeon.plist") == ["a": 1])
  }

  @Test func dictionaryRepresentationMergesEveryLayer() throws {
    let box = try DefaultsSandbox(arguments: ["x", "-fromArguments", "yes"])
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    try box.write(".GlobalPreferences.plist", ["AppleLocale": "en_GB", "shared": "global"])
    try box.write("com.example.pigeon.plist", ["shared": "app"])
    let all = defaults.dictionaryRepresentation()
    #expect(all["AppleLocale"] == "en_GB")
    #expect(all["shared"] == "app")
    #expect(all["fromArguments"] == "yes")
  }

  @Test func suitesCannotBeTheAppItselfOrTheGlobalDomain() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    defaults.addSuite(named: "com.example.pigeon")
    defaults.addSuite(named: "NSGlobalDomain")
    defaults.addSuite(named: "../escape")
    defaults.addSuite(named: "group.a")
    defaults.addSuite(named: "group.a")
    #expect(defaults.searchList.filter { if case .suite = $0 { true } else { false } }.count == 2)
    defaults.removeSuite(named: "group.a")
    #expect(!defaults.searchList.contains(.suite("group.a", .any)))
  }
}

@Suite("Defaults: the argument domain")
struct ArgumentDomainTests {
  /// The expectations are what Foundation's UserDefaults gave for the same arguments.
  @Test func pairsAreParsedAsFoundationParsesThem() {
    let parsed = ArgumentDomain.parse([
      "/usr/bin/pigeon", "-Num", "5", "-List", "(1,2)", "-Foo", "bar", "-Dict", "{a = b;}",
      "-Quoted", "\"q\"", "-Trimmed", "  spaced \n", "-Negative", "-5", "-Bad", "(unclosed",
      "-", "skipped", "-Xml", "<integer>7</integer>", "-Json", "[1]", "-Last",
    ])
    #expect(
      parsed == [
        "Num": "5", "List": ["1", "2"], "Foo": "bar", "Dict": ["a": "b"], "Quoted": "q",
        "Trimmed": "spaced", "Bad": "(unclosed", "Xml": 7, "Json": "[1]",
      ])
  }

  @Test func aValueCannotStartWithADash() {
    #expect(ArgumentDomain.parse(["-a", "-b", "c"]) == ["b": "c"])
    #expect(ArgumentDomain.parse(["-a"]) == [:])
  }
}

import Foundation
import PlistCore
import Testing

/// A `Defaults` get is never stale: a get that starts after another writer's write has
/// returned gives the new value, whoever wrote it — plistctl in another process, another
/// `Defaults` in this one, a Foundation app's save, the global domain, a suite — however
/// often the two alternate. (Gets answer from memory between writes: an inotify watch of
/// the search list's directories says when a file may have changed.)
@Suite("Defaults: gets are never stale")
struct FreshnessTests {
  static let domain = "com.example.fresh"

  /// A `Defaults` of this process on the sandbox's files, warmed up (its watch is made at
  /// the second lookup).
  static func defaults(_ box: Sandbox) throws -> Defaults {
    try FileManager.default.createDirectory(atPath: box.root, withIntermediateDirectories: true)
    let defaults = try Defaults(
      domain: domain,
      environment: DefaultsEnvironment(
        root: box.root, systemRoot: box.systemRoot, machineIdentifier: "m1"))
    _ = defaults.object(forKey: "warm")
    _ = defaults.object(forKey: "warm")
    return defaults
  }

  /// Alternates `rounds` times: a get (answered from memory), a write by `writer`, a get
  /// that must see it.
  static func alternate(
    _ rounds: Int, key: String, _ defaults: Defaults, writer: (Int) throws -> Void
  ) throws {
    var stale = 0
    for round in 1...rounds {
      #expect(defaults.integer(forKey: key) == round - 1)
      try writer(round)
      if defaults.integer(forKey: key) != round { stale += 1 }
    }
    #expect(stale == 0, "\(stale) of \(rounds) gets were stale")
  }

  @Test func plistctlInAnotherProcess() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let defaults = try Self.defaults(box)
    try Self.alternate(100, key: "K", defaults) { (round) throws in
      #expect(try box.runProcess("write", Self.domain, "K", "-int", "\(round)").status == 0)
    }
  }

  @Test func anotherDefaultsInThisProcess() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let defaults = try Self.defaults(box)
    let other = try Self.defaults(box)
    try Self.alternate(300, key: "K", defaults) { other.set($0, forKey: "K") }
  }

  @Test func aFoundationAppsSave() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let defaults = try Self.defaults(box)
    try Self.alternate(60, key: "K", defaults) { round in
      let result = try CLI.runProcess(
        ["set", Self.domain], stdin: Array("K\tint\t\(round)\n".utf8),
        environment: box.environment, program: InteropTests.probe)
      #expect(result.status == 0)
    }
  }

  @Test func theGlobalDomain() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let defaults = try Self.defaults(box)
    try Self.alternate(100, key: "G", defaults) { (round) throws in
      #expect(try box.runProcess("write", "-g", "G", "-int", "\(round)").status == 0)
    }
  }

  @Test func aSuite() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let defaults = try Self.defaults(box)
    defaults.addSuite(named: "com.example.group")
    try Self.alternate(100, key: "S", defaults) { (round) throws in
      #expect(try box.runProcess("write", "com.example.group", "S", "-int", "\(round)").status == 0)
    }
  }

  /// The directories themselves made after the first gets: the app's `ByHost` file, and
  /// the whole root deleted and made again.
  @Test func directoriesMadeAndRemadeLater() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let defaults = try Self.defaults(box)
    #expect(defaults.integer(forKey: "H") == 0)
    #expect(try box.runProcess("-host", "m1", "write", Self.domain, "H", "-int", "1").status == 0)
    #expect(defaults.integer(forKey: "H") == 1)
    try FileManager.default.removeItem(atPath: box.root)
    #expect(defaults.integer(forKey: "H") == 0)
    #expect(try box.runProcess("write", Self.domain, "H", "-int", "2").status == 0)
    #expect(defaults.integer(forKey: "H") == 2)
  }
}

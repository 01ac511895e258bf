import Foundation
import PlistCore
import TestSupport
import Testing

/// The README's "The defaults system" example, line for line, so that it stays true. (The
/// README builds `defaults` for the app's own suite; the test builds it in a temporary root.)
extension Defaults.Keys {
  static let mapType = Defaults.Key<Int>("HPMapType", default: 0)
  static let home = Defaults.Key<Spot>("HPHome", default: Spot(latitude: 0, longitude: 0))
  static let userName = Defaults.Key<String?>("HPUserName")  // an optional's default is nil
}

struct Spot: Codable, Equatable, Sendable {
  var latitude: Double
  var longitude: Double
}

@Suite("Defaults: README example")
struct DefaultsReadmeExampleTests {
  /// The typed keys' example, line for line (its loop ends after the first change).
  @Test func theTypedKeysExampleRuns() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()

    defaults[.mapType] += 1  // read as an Int (the default if unset), written through
    defaults[.home] = Spot(latitude: 51.5, longitude: -0.12)  // Codable, stored as a dictionary
    #expect(try box.read("com.example.pigeon.plist")?["HPMapType"] == 1)
    defaults.reset(.mapType)  // the default shows again
    #expect(defaults[.mapType] == 0 && defaults[.userName] == nil)
    let mapTypes = defaults.changes(of: .mapType)  // watching starts here
    try box.write("com.example.pigeon.plist", ["HPMapType": 3])  // another program's write
    let consumer = Task { () -> Int? in
      for await mapType in mapTypes {  // typed values, any writer's
        print(mapType)
        return mapType
      }
      return nil
    }
    // Bounded: a change that never comes ends the wait after a minute, pauses left out.
    let watchdog = Task {
      await waitOut(.seconds(60))
      consumer.cancel()
    }
    #expect(await consumer.value == 3)
    watchdog.cancel()
    #expect(try box.read("com.example.pigeon.plist")?["HPHome"] == nil)  // the file was replaced
  }

  @Test func theDefaultsExampleRuns() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    try box.write(".GlobalPreferences.plist", ["AppleLocale": "en_GB"])
    let defaults = try box.defaults()

    defaults.register(defaults: ["HPHeading": 90.0])  // factory values, at every launch
    defaults.set(1, forKey: "HPMapType")  // on disk when set returns, under the lock
    let heading = defaults.double(forKey: "HPHeading")  // 90.0, from the registration domain
    let mapType = defaults.integer(forKey: "HPMapType")  // Foundation's coercions: "12abc" is 12
    let strict = try defaults.value(forKey: "HPMapType", as: Int.self)  // "12abc" throws instead
    let layer = defaults.lookup("AppleLocale")?.layer  // .global(.any): where the value came from
    try defaults.set(encoding: Spot(latitude: 51.5, longitude: -0.12), forKey: "HPLocation")
    let spot = try defaults.decoded(Spot.self, forKey: "HPLocation")  // Codable, stored as a dict
    try defaults.batch {  // one write for many changes
      $0.set(2, forKey: "HPMapType")
      $0.removeObject(forKey: "Old")
    }

    #expect(heading == 90 && mapType == 1 && strict == 1)
    #expect(layer == .global(.any))
    #expect(spot == Spot(latitude: 51.5, longitude: -0.12))
    #expect(try box.read("com.example.pigeon.plist")?["HPMapType"] == 2)

    let changes = defaults.changes(forKeys: ["HPMapType"])  // watching starts here
    // Another program's write: the change the loop sees.
    try box.write("com.example.pigeon.plist", ["HPMapType": 3])
    let consumer = Task { () -> DefaultsChange? in
      for await change in changes {  // any process's writes, as they happen
        print(change.key, change.newValue ?? "removed", change.layer ?? "none", change.origin)
        return change
      }
      return nil
    }
    // Bounded: a change that never comes ends the wait after a minute, pauses left out.
    let watchdog = Task {
      await waitOut(.seconds(60))
      consumer.cancel()
    }
    let change = await consumer.value
    watchdog.cancel()
    #expect(change?.newValue == 3 && change?.origin == .otherProcess)
  }

  /// Every line of the README's example appears in this file, so that the two cannot drift.
  @Test(arguments: [0, 1])
  func theReadmeShowsThisCode(block: Int) throws {
    let example = try ReadmeBlock(section: "## The defaults system", block: block)
    #expect(example.lines.count > 10)
    for line in example.lines
    where !line.isEmpty && line != "import PlistCore" && !line.hasPrefix("let defaults =") {
      #expect(example.testLines.contains(line), "README line not in the test: \(line)")
    }
  }
}

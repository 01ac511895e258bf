import Foundation
import PlistCore
import Synchronization
import TestSupport
import Testing

extension Defaults.Keys {
  static let testMapType = Defaults.Key<Int>("HPMapType", default: 0)
  static let testZoom = Defaults.Key<Double>("HPZoom", default: 0.5)
  static let testTraffic = Defaults.Key<Bool>("HPShowTraffic", default: true)
  static let testUserName = Defaults.Key<String?>("HPUserName")
  static let testRecent = Defaults.Key<[String]>("HPRecent", default: [])
  static let testHome = Defaults.Key<Location>(
    "HPHome", default: Location(latitude: 0, longitude: 0))
  // A dotted name is one key, not a path (the trap of KVO-based observers).
  static let testDotted = Defaults.Key<Int>("com.example.feature.level", default: 1)
}

struct Location: Codable, Equatable, Sendable {
  var latitude: Double
  var longitude: Double
}

/// Typed keys: declared once with their type and default, read and written through a
/// subscript or a property, reset, and watched as typed values.
@Suite("Defaults: typed keys")
struct DefaultsKeyTests {
  /// The domain file as Python's plistlib... as Foundation's reader sees it.
  static func file(_ box: DefaultsSandbox) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: box.root + "/com.example.pigeon.plist"))
    return try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
      ?? [:]
  }

  @Test func aKeyReadsItsDefaultUntilSetAndStoresPlainValues() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    #expect(defaults[.testMapType] == 0 && defaults[.testZoom] == 0.5 && defaults[.testTraffic])
    #expect(defaults[.testUserName] == nil && defaults[.testRecent].isEmpty)
    defaults[.testMapType] += 2
    defaults[.testZoom] = 0.75
    defaults[.testTraffic] = false
    defaults[.testUserName] = "Ann"
    defaults[.testRecent].append("Berlin")
    defaults[.testHome] = Location(latitude: 52.5, longitude: 13.4)
    defaults[.testDotted] = 3
    #expect(defaults[.testMapType] == 2 && defaults[.testZoom] == 0.75 && !defaults[.testTraffic])
    #expect(defaults[.testUserName] == "Ann" && defaults[.testRecent] == ["Berlin"])
    #expect(defaults[.testHome] == Location(latitude: 52.5, longitude: 13.4))
    // What another program reads: plain values, a struct as a dictionary, the dotted key
    // at the top level.
    let file = try Self.file(box)
    #expect(file["HPMapType"] as? Int == 2)
    #expect(file["HPZoom"] as? Double == 0.75)
    #expect(file["HPShowTraffic"] as? Bool == false)
    #expect(file["HPRecent"] as? [String] == ["Berlin"])
    #expect(file["HPHome"] as? [String: Double] == ["latitude": 52.5, "longitude": 13.4])
    #expect(file["com.example.feature.level"] as? Int == 3)
    // nil removes an optional key.
    defaults[.testUserName] = nil
    #expect(try Self.file(box)["HPUserName"] == nil)
  }

  @Test func aValueOfAnotherTypeReadsAsTheDefaultAndLayersShowThrough() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    try box.write("com.example.pigeon.plist", ["HPMapType": "satellite", "HPZoom": 2])
    try box.write(".GlobalPreferences.plist", ["HPShowTraffic": false])
    let defaults = try box.defaults()
    #expect(defaults[.testMapType] == 0)  // a string is no Int
    #expect(defaults[.testZoom] == 2.0)  // an integer is a Double, as PlistDecoder reads it
    #expect(defaults[.testTraffic] == false)  // from the global domain
    defaults.reset(.testTraffic)  // not set in the app's domain: nothing to remove
    #expect(defaults[.testTraffic] == false)
    defaults.reset(.testMapType, .testZoom)
    #expect(defaults[.testMapType] == 0 && defaults[.testZoom] == 0.5)
    // The last key gone, the file goes too.
    #expect(!FileManager.default.fileExists(atPath: box.root + "/com.example.pigeon.plist"))
  }

  @Test func aPropertyReadsAndWritesItsKey() throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    struct Screen {
      @Default<Int> var mapType: Int
      @Default<Bool> var traffic: Bool
      init(_ defaults: Defaults) {
        _mapType = Default(.testMapType, defaults: defaults)
        _traffic = Default(.testTraffic, defaults: defaults)
      }
    }
    let screen = Screen(defaults)
    #expect(screen.mapType == 0 && screen.traffic)
    screen.mapType = 4
    #expect(defaults[.testMapType] == 4)
    defaults.reset(screen.$mapType)
    #expect(screen.mapType == 0)
  }

  /// The typed change sequence gives the key's value after each change, by this process or
  /// another, dotted names included; the several-key one gives each change.
  @Test func aKeysChangesArriveAsTypedValues() async throws {
    let box = try DefaultsSandbox()
    defer { box.directory.remove() }
    let defaults = try box.defaults()
    final class Values: Sendable { let list = Mutex<[Int]>([]) }
    let values = Values()
    // Watching starts when the stream is made, before the task runs.
    let stream = defaults.changes(of: .testDotted)
    let watched = Task {
      for await value in stream { values.list.withLock { $0.append(value) } }
    }
    defer { watched.cancel() }
    let several = ChangeCollector(defaults.changes(of: .testMapType, .testHome))
    func wait(for count: Int) async -> [Int] {
      _ = await eventually { values.list.withLock { $0.count } >= count }
      return values.list.withLock { $0 }
    }
    defaults[.testDotted] = 5
    let first = await wait(for: 1)
    #expect(first == [5])
    // Another program writes the file.
    try box.write("com.example.pigeon.plist", ["com.example.feature.level": 9, "HPMapType": 1])
    let second = await wait(for: 2)
    #expect(second == [5, 9])
    defaults.reset(.testDotted)
    let third = await wait(for: 3)
    #expect(third == [5, 9, 1])  // the default again
    defaults[.testHome] = Location(latitude: 1, longitude: 2)
    let changes = await several.wait(for: 2)
    #expect(changes.map(\.key) == ["HPMapType", "HPHome"])
    #expect(changes.last?.newValue == ["latitude": 1.0, "longitude": 2.0])
  }
}

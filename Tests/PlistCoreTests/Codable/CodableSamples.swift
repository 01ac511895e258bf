import Foundation
import PlistCore

// Types encoded by both PlistEncoder and Foundation's PropertyListEncoder. Each is generic over
// its date and data types: `<PlistDate, PlistData>` for PlistCore, `<Date, Data>` for
// Foundation, so the two sides are the same declaration and encode the same keys in the
// same order.

typealias DateLike = Codable & Equatable & Sendable

enum Kind: String, Codable, Equatable, Sendable {
  case plain, fancy
}

enum Level: Int, Codable, Equatable, Sendable {
  case low = 1
  case high = 9
}

struct Inner<D: DateLike, B: DateLike>: Codable, Equatable, Sendable {
  var name: String
  var when: D
  var blob: B
  var flags: [Bool]
}

/// One field of every kind the encoders treat differently.
struct Everything<D: DateLike, B: DateLike>: Codable, Equatable, Sendable {
  var string = "héllo & <goodbye> 🌍"
  var empty = ""
  var int = -42
  var int8: Int8 = .min
  var int16: Int16 = .max
  var int32: Int32 = -70_000
  var int64: Int64 = .min
  var uint: UInt = 7
  var uint8: UInt8 = .max
  var uint16: UInt16 = 300
  var uint32: UInt32 = .max
  var uint64: UInt64 = .max
  var double = 0.1
  var float: Float = 1.5
  var negativeZero = -0.0
  var bool = true
  var date: D
  var data: B
  var numbers = [1, 2, 3, 1]
  var table = ["b": 2, "a": 1, "c": 3]
  var someText: String? = "present"
  var noText: String? = nil
  var optionals: [Int?] = [1, nil, 3]
  var kind = Kind.fancy
  var level = Level.high
  var inner: Inner<D, B>
  var inners: [Inner<D, B>]
  var matrix = [[1.5, 2], [], [3]]
}

extension Everything where D == PlistDate, B == PlistData {
  static func sample() -> Self {
    let date = PlistDate(secondsSinceReferenceDate: 700_000_000)
    let blob = PlistData(Array("data\u{0}bytes".utf8))
    return Everything(
      date: PlistDate(secondsSinceReferenceDate: -1_234_567.5), data: PlistData(Array(0..<200)),
      inner: Inner(name: "inner", when: date, blob: blob, flags: [true, false]),
      inners: [
        Inner(name: "a", when: date, blob: PlistData([]), flags: []),
        Inner(name: "b", when: date, blob: blob, flags: [false]),
      ])
  }
}

extension Everything where D == Date, B == Data {
  /// The Foundation twin of `Everything.sample()`.
  static func sample() -> Self {
    let plist = Everything<PlistDate, PlistData>.sample()
    func inner(_ i: Inner<PlistDate, PlistData>) -> Inner<Date, Data> {
      Inner(
        name: i.name, when: Date(timeIntervalSinceReferenceDate: i.when.secondsSinceReferenceDate),
        blob: Data(i.blob.bytes), flags: i.flags)
    }
    return Everything(
      date: Date(timeIntervalSinceReferenceDate: plist.date.secondsSinceReferenceDate),
      data: Data(plist.data.bytes), inner: inner(plist.inner), inners: plist.inners.map(inner))
  }
}

/// A class hierarchy that encodes its superclass through `superEncoder()`.
class Animal: Codable {
  var legs: Int

  init(legs: Int) { self.legs = legs }
}

final class Dog: Animal, @unchecked Sendable {
  var name: String

  init(name: String, legs: Int) {
    self.name = name
    super.init(legs: legs)
  }

  private enum CodingKeys: String, CodingKey { case name }

  required init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    try super.init(from: container.superDecoder())
  }

  override func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try super.encode(to: container.superEncoder())
  }
}

/// Hand-written containers: nested keyed and unkeyed ones, a super encoder inside an array,
/// an explicit nil, and keys encoded out of alphabetical order.
struct HandWritten: Codable, Equatable, Sendable {
  var title: String
  var point: (x: Double, y: Double)
  var tags: [String]

  private enum Keys: String, CodingKey { case title, geometry, tags, nothing, parent }
  private enum PointKeys: String, CodingKey { case y, x }

  init(title: String, point: (x: Double, y: Double), tags: [String]) {
    self.title = title
    self.point = point
    self.tags = tags
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    title = try container.decode(String.self, forKey: .title)
    let geometry = try container.nestedContainer(keyedBy: PointKeys.self, forKey: .geometry)
    point = (
      try geometry.decode(Double.self, forKey: .x), try geometry.decode(Double.self, forKey: .y)
    )
    var list = try container.nestedUnkeyedContainer(forKey: .tags)
    var tags: [String] = []
    for _ in 0..<((list.count ?? 2) - 2) { tags.append(try list.decode(String.self)) }
    self.tags = tags
    var nested = try list.nestedUnkeyedContainer()
    guard try nested.decode(UInt64.self) == 1,
      try list.superDecoder().singleValueContainer().decode(String.self) == "from super"
    else {
      throw DecodingError.dataCorruptedError(in: list, debugDescription: "unexpected tail")
    }
    guard try container.decodeNil(forKey: .nothing) else {
      throw DecodingError.dataCorruptedError(
        forKey: .nothing, in: container, debugDescription: "expected nil")
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(title, forKey: .title)
    var geometry = container.nestedContainer(keyedBy: PointKeys.self, forKey: .geometry)
    try geometry.encode(point.y, forKey: .y)
    try geometry.encode(point.x, forKey: .x)
    var list = container.nestedUnkeyedContainer(forKey: .tags)
    for tag in tags { try list.encode(tag) }
    var nested = list.nestedUnkeyedContainer()
    try nested.encode(UInt64(1))
    let parent = list.superEncoder()
    var single = parent.singleValueContainer()
    try single.encode("from super")
    try container.encodeNil(forKey: .nothing)
  }

  static func == (lhs: HandWritten, rhs: HandWritten) -> Bool {
    lhs.title == rhs.title && lhs.point == rhs.point && lhs.tags == rhs.tags
  }
}

import PlistCore

/// Writes a value as `bplist00` the way no canonical writer would, so that a conversion
/// must decode it to write the canonical file: objects repeated and containers shared,
/// integers wider than they need, ASCII strings as UTF-16, reals as float32 where exact,
/// counts in long form, keys out of order and repeated (the replaced value first).
struct ScrambledBinary {
  private var random: ValueGenerator
  private var objects: [[UInt8]] = []
  /// Containers already complete, which a later one may refer to again.
  private var finished: [Int] = []

  /// The file for `value`, deterministic for a seed (2-byte references: keep it small).
  static func file(_ value: PlistValue, seed: UInt64) -> [UInt8] {
    var writer = ScrambledBinary(random: ValueGenerator(seed: seed))
    let top = writer.object(value)
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in writer.objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let tableOffset = bytes.count
    for offset in offsets { bytes += big(UInt64(offset), 4) }
    bytes += [0, 0, 0, 0, 0, 0, 4, 2]
    bytes += big(UInt64(writer.objects.count), 8) + big(UInt64(top), 8)
    bytes += big(UInt64(tableOffset), 8)
    return bytes
  }

  private static func big(_ value: UInt64, _ width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - $0))) }
  }

  private mutating func chance(_ n: Int) -> Bool { random.below(n) == 0 }

  private mutating func header(_ marker: UInt8, _ count: Int) -> [UInt8] {
    if count < 15 && !chance(4) { return [marker | UInt8(count)] }
    return [marker | 0x0F, 0x11] + Self.big(UInt64(count), 2)
  }

  private mutating func object(_ value: PlistValue) -> Int {
    switch value {
    case .array(let items):
      if !finished.isEmpty, chance(6) { return finished[random.below(finished.count)] }
      let index = reserve()
      let refs = items.map { object($0) }
      objects[index] = header(0xA0, refs.count) + refs.flatMap { Self.big(UInt64($0), 2) }
      finished.append(index)
      return index
    case .dictionary(let dict):
      if !finished.isEmpty, chance(6) { return finished[random.below(finished.count)] }
      let index = reserve()
      var entries: [(key: String, value: PlistValue)] = Array(zip(dict.keys, dict.values))
      for i in stride(from: entries.count - 1, to: 0, by: -1) {
        entries.swapAt(i, random.below(i + 1))
      }
      if let first = entries.first, chance(2) {
        // A repeated key whose value a later one replaces.
        entries.insert((first.key, .integer(PlistInteger(Int64(random.below(9))))), at: 0)
      }
      let keys = entries.map { object(.string($0.key)) }
      let values = entries.map { object($0.value) }
      objects[index] =
        header(0xD0, keys.count) + (keys + values).flatMap { Self.big(UInt64($0), 2) }
      finished.append(index)
      return index
    default:
      let index = reserve()
      objects[index] = scalar(value)
      return index
    }
  }

  private mutating func reserve() -> Int {
    objects.append([])
    return objects.count - 1
  }

  private mutating func scalar(_ value: PlistValue) -> [UInt8] {
    switch value {
    case .string(let s):
      if s.utf8.allSatisfy({ $0 < 0x80 }) && chance(2) {
        return header(0x50, s.utf8.count) + Array(s.utf8)
      }
      let units = Array(s.utf16)
      return header(0x60, units.count) + units.flatMap { Self.big(UInt64($0), 2) }
    case .integer(let i):
      let bits = i.bitPattern
      if i.isNegative || bits > UInt64(Int64.max) || chance(3) {
        let high: UInt64 = i.isNegative ? .max : 0
        return [0x14] + Self.big(high, 8) + Self.big(bits, 8)
      }
      let widths = [1, 2, 4, 8].filter { $0 == 8 || bits < (1 << (8 * UInt64($0))) }
      let width = widths[random.below(widths.count)]
      return [0x10 | UInt8(width.trailingZeroBitCount)] + Self.big(bits, width)
    case .real(let r):
      if !r.isNaN, Double(Float(r)).bitPattern == r.bitPattern, chance(2) {
        return [0x22] + Self.big(UInt64(Float(r).bitPattern), 4)
      }
      return [0x23] + Self.big(r.bitPattern, 8)
    case .data(let d): return header(0x40, d.count) + d.bytes
    case .uid(let u): return [0x87] + Self.big(u, 8)
    default:
      // Booleans and dates as the canonical writer writes them.
      // A file of one object: the header, the object, one offset, the trailer.
      let bytes = (try? PropertyList.encode(value, as: .binary)) ?? []
      return bytes.count > 41 ? Array(bytes[8..<(bytes.count - 33)]) : []
    }
  }
}

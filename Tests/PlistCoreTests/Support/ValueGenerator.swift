import PlistCore

/// Deterministic pseudo-random plist values for property tests (SplitMix64, seeded).
struct ValueGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  /// Which scalar kinds to produce; formats that cannot hold a kind leave it out.
  struct Kinds: OptionSet {
    let rawValue: Int
    static let string = Kinds(rawValue: 1)
    static let integer = Kinds(rawValue: 2)
    static let real = Kinds(rawValue: 4)
    static let boolean = Kinds(rawValue: 8)
    static let date = Kinds(rawValue: 16)
    static let data = Kinds(rawValue: 32)
    static let uid = Kinds(rawValue: 64)
    static let all: Kinds = [.string, .integer, .real, .boolean, .date, .data, .uid]
    static let foundation: Kinds = [.string, .integer, .real, .boolean, .date, .data]
  }

  /// A dictionary root with nested containers down to `depth`.
  mutating func dictionary(depth: Int, kinds: Kinds = .all) -> PlistValue {
    var dict: [String: PlistValue] = [:]
    for _ in 0..<(1 + below(6)) { dict[string()] = value(depth: depth - 1, kinds: kinds) }
    return .dictionary(PlistDictionary(dict))
  }

  mutating func value(depth: Int, kinds: Kinds = .all) -> PlistValue {
    if depth > 0 && below(4) == 0 {
      if below(2) == 0 { return dictionary(depth: depth, kinds: kinds) }
      return .array((0..<below(5)).map { _ in value(depth: depth - 1, kinds: kinds) })
    }
    while true {
      switch below(7) {
      case 0 where kinds.contains(.string): return .string(string())
      case 1 where kinds.contains(.integer): return .integer(integer())
      case 2 where kinds.contains(.real): return .real(real())
      case 3 where kinds.contains(.boolean): return .boolean(below(2) == 0)
      case 4 where kinds.contains(.date):
        return .date(
          PlistDate(secondsSinceReferenceDate: Double(Int64(bitPattern: next()) % 10_000_000_000)))
      case 5 where kinds.contains(.data):
        return .data(PlistData((0..<below(90)).map { _ in UInt8(truncatingIfNeeded: next()) }))
      case 6 where kinds.contains(.uid): return .uid(next() % 100_000)
      default: continue
      }
    }
  }

  static let alphabet: [String] = [
    "a", "Z", "0", " ", "-", "_", ".", "&", "<", ">", "\"", "'", "\\", "é", "ß", "日本", "😀",
    "\u{E000}",
    "\t", "\n", "key", "Value", ":", ";", "=", "{", "(", "/",
  ]

  mutating func string() -> String {
    (0..<below(12)).map { _ in Self.alphabet[below(Self.alphabet.count)] }.joined()
  }

  mutating func integer() -> PlistInteger {
    switch below(6) {
    case 0: return PlistInteger(Int64(below(300)) - 100)
    case 1: return PlistInteger(Int64.min)
    case 2: return PlistInteger(UInt64.max - UInt64(below(3)))
    case 3: return PlistInteger(Int64(bitPattern: next()))
    case 4: return PlistInteger(next() >> UInt64(below(64)))
    default: return PlistInteger(Int64(Int32.max) + Int64(below(10)))
    }
  }

  mutating func real() -> Double {
    switch below(6) {
    case 0: return [0.1, 1.0, -0.5, 3.14, 1e100, 1e-7, 123456789012345678.0, -2.5e-300][below(8)]
    case 1: return Double(below(1000)) / 8
    case 2:
      return [
        Double.infinity, -Double.infinity, Double.leastNonzeroMagnitude,
        Double.greatestFiniteMagnitude,
      ][below(4)]
    default: return Double(bitPattern: next() & 0x7FEF_FFFF_FFFF_FFFF) * (below(2) == 0 ? 1 : -1)
    }
  }
}

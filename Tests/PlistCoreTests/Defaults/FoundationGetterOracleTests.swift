import Foundation
import PlistCore
import TestSupport
import Testing

/// Every getter of `Defaults` against Foundation's `UserDefaults` on the same file: the
/// reference table of stored values (defaults-system.md §1.4) plus generated ones, written
/// into a domain file and read by both, Foundation in a clean process (UserDefaultsProbe).
@Suite("Defaults getters agree with Foundation")
struct FoundationGetterOracleTests {
  /// The stored values of the reference table, and the edges around them.
  static let tableValues: [PlistValue] = [
    "12", "12abc", "abc", "YES", "true", "T", "yes", "no", "0.5", "-5",
    "99999999999999999999", "-99999999999999999999", "  7 ", "1e3", "", " ", "\n5", "\t-3",
    "+4", "- 4", "+-4", "0x1A", ".5", "5.", "1e", "1e+", "1.5e-3x", "-0", "00009", "0 5",
    "y", "N", "\u{3000}8", "\u{A0}9", "٣", "1,5", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "-9223372036854775800", "-9223372036854775810", "inf", "nan", "1e400", "-1e400",
    .real(3.9), .real(-3.9), .real(0), .real(-0.0), .real(2), .real(1e20), .real(-1e20),
    .real(0.1), .real(.nan), .real(.infinity), .real(-.infinity), .real(9.2e18),
    .real(1.5e-300), .real(12345678.875),
    true, false, 0, 1, -1, 42, .integer(PlistInteger(Int64.max)),
    .integer(PlistInteger(Int64.max - 1)), .integer(PlistInteger(Int64.min)),
    .integer(PlistInteger(UInt64(Int64.max) + 1)), .integer(PlistInteger(UInt64.max)),
    .date(PlistDate(secondsSinceReferenceDate: 700_000_000)), .data(PlistData([1, 2, 3])),
    .array([]), .array(["a", "b"]), .array(["a", 1]), .array([.array(["x"])]),
    .dictionary(["k": 1]), .dictionary([:]),
    "/abs/path", "rel/path", "~/x/y", "~", "a b/c%d", "/tmp", "/tmp/", "ü/é",
  ]

  /// Strings built from the pieces Foundation's scanners treat specially, numbers of every
  /// kind, and the other types.
  static func generatedValues(count: Int) -> [PlistValue] {
    var generator = ValueGenerator(seed: 0x5EED_DEF0)
    let pieces = [
      " ", "\t", "\n", "\u{A0}", "\u{2003}", "+", "-", "0", "1", "7", "9", "00", ".", "e",
      "E", "x", "t", "T", "y", "Y", "n", "N", "YES", "NO", "true", "false", "a", "ü", "12",
      "99999999999", "1e5", "e-2", "٣",
    ]
    var values: [PlistValue] = []
    for _ in 0..<count {
      switch generator.below(10) {
      case 0...5:
        var text = ""
        for _ in 0..<(1 + generator.below(5)) { text += pieces[generator.below(pieces.count)] }
        values.append(.string(text))
      case 6:
        let magnitude = generator.next() >> UInt64(generator.below(64))
        values.append(
          generator.below(2) == 0
            ? .integer(PlistInteger(magnitude))
            : .integer(PlistInteger(-Int64(truncatingIfNeeded: magnitude >> 1))))
      case 7:
        let bits = generator.next()
        let real = Double(bitPattern: bits)
        values.append(
          .real(
            generator.below(2) == 0
              ? real : Double(Int64(truncatingIfNeeded: bits >> 40)) / 8))
      case 8:
        values.append(.boolean(generator.below(2) == 0))
      default:
        values.append(
          generator.below(2) == 0
            ? .array((0..<generator.below(3)).map { _ in .string(String(generator.below(9))) })
            : .dictionary(["k": .integer(PlistInteger(generator.below(5)))]))
      }
    }
    return values
  }

  /// What one getter call returned, for both sides.
  struct Readings: Equatable, CustomStringConvertible {
    var integer: Int
    var doubleBits: UInt64
    var floatBits: UInt32
    var bool: Bool
    var string: String?
    var stringArray: [String]?
    var arrayCount: Int?
    var dictionaryCount: Int?
    var data: [UInt8]?
    var url: String?

    var description: String {
      "integer \(integer), double \(Double(bitPattern: doubleBits)), "
        + "float \(Float(bitPattern: floatBits)), bool \(bool), string \(string ?? "nil"), "
        + "stringArray \(stringArray?.description ?? "nil"), array \(arrayCount ?? -1), "
        + "dictionary \(dictionaryCount ?? -1), data \(data?.description ?? "nil"), "
        + "url \(url ?? "nil")"
    }

    static func == (a: Readings, b: Readings) -> Bool {
      a.integer == b.integer && a.bool == b.bool && a.string == b.string
        && a.stringArray == b.stringArray && a.arrayCount == b.arrayCount
        && a.dictionaryCount == b.dictionaryCount && a.data == b.data && a.url == b.url
        && sameBits(Double(bitPattern: a.doubleBits), Double(bitPattern: b.doubleBits))
        && (a.floatBits == b.floatBits
          || (Float(bitPattern: a.floatBits).isNaN && Float(bitPattern: b.floatBits).isNaN))
    }

    private static func sameBits(_ a: Double, _ b: Double) -> Bool {
      a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }
  }

  static func readings(of defaults: Defaults, _ key: String) -> Readings {
    Readings(
      integer: defaults.integer(forKey: key), doubleBits: defaults.double(forKey: key).bitPattern,
      floatBits: defaults.float(forKey: key).bitPattern, bool: defaults.bool(forKey: key),
      string: defaults.string(forKey: key), stringArray: defaults.stringArray(forKey: key),
      arrayCount: defaults.array(forKey: key)?.count,
      dictionaryCount: defaults.dictionary(forKey: key)?.count,
      data: defaults.data(forKey: key)?.bytes, url: defaults.url(forKey: key))
  }

  static func decodeField(_ field: Substring) -> String? {
    field == "-"
      ? nil : Data(base64Encoded: String(field)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Parses the probe's line for a key (see UserDefaultsProbe's `getters`).
  static func foundationReadings(_ line: Substring) -> (key: String, readings: Readings)? {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count == 11, let key = decodeField(fields[0]), let integer = Int(fields[1]),
      let doubleBits = UInt64(fields[2], radix: 16), let floatBits = UInt32(fields[3], radix: 16)
    else { return nil }
    return (
      key,
      Readings(
        integer: integer, doubleBits: doubleBits, floatBits: floatBits, bool: fields[4] == "1",
        string: decodeField(fields[5]),
        stringArray: decodeField(fields[6]).map {
          $0.isEmpty
            ? [] : $0.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
        },
        arrayCount: Int(fields[7]), dictionaryCount: Int(fields[8]),
        data: Data(base64Encoded: String(fields[9])).map { [UInt8]($0) },
        url: decodeField(fields[10]))
    )
  }

  @Test func everyGetterMatchesFoundationOnTheTableAndAThousandGeneratedValues() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let values = Self.tableValues + Self.generatedValues(count: 1_000)
    var stored = PlistDictionary()
    let keys = values.indices.map { String(format: "k%04d", $0) }
    for (key, value) in zip(keys, values) { stored[key] = value }
    let root = directory.path("config")
    let home = directory.path("home")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let file = try PropertyList.encode(.dictionary(stored), as: .xml)
    try Data(file).write(to: URL(fileURLWithPath: root + "/com.example.oracle.plist"))

    let probe = try ChildProcess.run(
      ChildProcess.product("UserDefaultsProbe"), ["getters", "com.example.oracle"],
      stdin: Array(keys.map { Data($0.utf8).base64EncodedString() + "\n" }.joined().utf8),
      environment: ["XDG_CONFIG_HOME": root, "HOME": home],
      // Relative paths in url(forKey:) resolve against the current directory: the same one.
      directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    try #require(probe.status == 0, "\(probe.stderr)")
    let lines = probe.stdout.split(separator: "\n")
    try #require(lines.count == keys.count)

    let defaults = try Defaults(
      domain: "com.example.oracle",
      environment: DefaultsEnvironment(root: root))
    var mismatches: [String] = []
    for (index, line) in lines.enumerated() {
      let (key, foundation) = try #require(Self.foundationReadings(line))
      #expect(key == keys[index])
      let ours = Self.readings(of: defaults, key)
      if ours != foundation {
        mismatches.append("\(values[index]):\n  ours       \(ours)\n  Foundation \(foundation)")
      }
    }
    let report = mismatches.prefix(15).joined(separator: "\n")
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(values.count) differ:\n\(report)")
  }
}

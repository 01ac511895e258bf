import Foundation
import PlistCore
import TestSupport
import Testing

/// PlistCore against python3's plistlib (XML and binary, both directions).
@Suite("python3 plistlib as an oracle")
struct PlistlibOracleTests {
  static let script = Fixtures.root.appendingPathComponent("oracles/plistlib_oracle.py").path

  static func python(_ arguments: [String]) throws -> Data {
    let process = Process()
    // Under `timeout`: a python3 that hangs fails the test in a minute, not the suite never.
    process.executableURL = try ExternalTool.require("timeout", package: "coreutils")
    process.arguments =
      ["60", try ExternalTool.require("python3", package: "python3").path, script] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    return data
  }

  /// A new directory for the files exchanged with python3; the caller removes it.
  static func temporaryDirectory() throws -> URL { try TemporaryDirectory().url }

  /// The files one run of the oracle script writes (`make` or `pair`): per value, its XML, its
  /// binary and, for `make`, its typed JSON.
  static func plistlibFiles(_ mode: String, seed: Int, count: Int) throws
    -> [(xml: [UInt8], binary: [UInt8], json: Data?)]
  {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    _ = try python([mode, "\(seed)", "\(count)", dir.path])
    return try (0..<count).map { n in
      (
        [UInt8](try Data(contentsOf: dir.appendingPathComponent("\(n).xml"))),
        [UInt8](try Data(contentsOf: dir.appendingPathComponent("\(n).bin"))),
        try? Data(contentsOf: dir.appendingPathComponent("\(n).json"))
      )
    }
  }

  @Test func weReadWhatPlistlibWrites() throws {
    for (xml, binary, json) in try Self.plistlibFiles("make", seed: 7, count: 60) {
      let expected = try JSONSerialization.jsonObject(with: json ?? Data()) as? [String: Any]
      #expect(
        try PropertyList.decode(xml, as: .xml) == TypedJSON.value(from: expected?["xml"] ?? 0))
      #expect(
        try PropertyList.decode(binary, as: .binary) == TypedJSON.value(from: expected?["bin"] ?? 0)
      )
    }
  }

  @Test(arguments: [PlistFormat.xml, .binary])
  func plistlibReadsWhatWeWrite(format: PlistFormat) throws {
    let dir = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    var generator = ValueGenerator(seed: 99)
    let kinds: ValueGenerator.Kinds = format == .xml ? .foundation : .all
    let values = (0..<60).map { _ in generator.dictionary(depth: 4, kinds: kinds) }
    var paths: [String] = []
    for (n, value) in values.enumerated() {
      let url = dir.appendingPathComponent("\(n).plist")
      try Data(try PropertyList.encode(value, as: format)).write(to: url)
      paths.append(url.path)
    }
    let dumped =
      try JSONSerialization.jsonObject(with: Self.python(["dump"] + paths)) as? [Any] ?? []
    #expect(dumped.count == values.count)
    for (node, value) in zip(dumped, values) {
      let expected = format == .xml ? Normalize.forXML(value) : value
      #expect(try TypedJSON.value(from: node) == expected, "\(node)")
    }
  }

  /// plistlib's binary writer orders, numbers and shares objects as CoreFoundation's does, so
  /// ours must produce its very bytes — also for records that share a key list once read.
  @Test func ourBinaryIsPlistlibsByteForByte() throws {
    for (n, (xml, binary, _)) in try Self.plistlibFiles("pair", seed: 11, count: 40).enumerated() {
      let value = try PropertyList.decode(xml, as: .xml)
      #expect(try PropertyList.encode(value, as: .binary) == binary, "value \(n)")
    }
  }
}

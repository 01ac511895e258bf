import Testing

@testable import PlistCore

/// `PropertyList.maximumDepth` containers nested are read and written in every format; one
/// more is refused by every writer and, from hand-built input, by every reader.
@Suite("Depth limit")
struct DepthLimitTests {
  static let limit = PropertyList.maximumDepth
  static let formats: [PlistFormat] = [.xml, .binary, .openStep, .json]

  /// `levels` containers nested, alternately arrays and dictionaries, around one string (or
  /// around nothing: the innermost container is then empty).
  static func nested(_ levels: Int, innermost: PlistValue? = "x") -> PlistValue {
    var value = innermost
    for level in 0..<levels {
      if level % 2 == 0 {
        value = .array(value.map { [$0] } ?? [])
      } else {
        value = .dictionary(value.map { ["k": $0] } ?? [:])
      }
    }
    return value ?? "x"
  }

  // MARK: - Writers and readers agree at the limit

  @Test("a value nested exactly at the limit round-trips", arguments: formats)
  func atTheLimit(_ format: PlistFormat) throws {
    let value = Self.nested(Self.limit)
    let bytes = try PropertyList.encode(value, as: format)
    #expect(try PropertyList.decode(bytes, as: format) == value)
  }

  @Test("an empty container at the limit round-trips", arguments: formats)
  func emptyAtTheLimit(_ format: PlistFormat) throws {
    let value = Self.nested(Self.limit, innermost: nil)
    let bytes = try PropertyList.encode(value, as: format)
    #expect(try PropertyList.decode(bytes, as: format) == value)
  }

  @Test("writers refuse one level more, naming the limit", arguments: formats)
  func writerRefusesOneMore(_ format: PlistFormat) {
    for innermost: PlistValue? in ["x", nil] {
      let value = Self.nested(Self.limit + 1, innermost: innermost)
      let error = #expect(throws: PlistEncodingError.self) {
        try PropertyList.encode(value, as: format)
      }
      #expect(error?.reason == "nesting deeper than \(Self.limit) levels")
      #expect(error?.format == format)
    }
  }

  // MARK: - Readers, from hand-built input

  @Test("readers accept the limit and refuse one level more", arguments: formats)
  func readerLimit(_ format: PlistFormat) throws {
    let atLimit = Self.input(format, levels: Self.limit)
    #expect(try PropertyList.decode(atLimit, as: format) == Self.arrays(Self.limit))
    let deeper = Self.input(format, levels: Self.limit + 1)
    let error = #expect(throws: PlistParseError.self) {
      try PropertyList.decode(deeper, as: format)
    }
    #expect(error?.kind == .tooDeep(limit: Self.limit))
  }

  @Test("an empty XML element one level too deep is refused")
  func emptyXMLElementTooDeep() {
    let text =
      String(repeating: "<array>", count: Self.limit) + "<dict/>"
      + String(repeating: "</array>", count: Self.limit)
    let error = #expect(throws: PlistParseError.self) {
      try PropertyList.decode(Array(text.utf8), as: .xml)
    }
    #expect(error?.kind == .tooDeep(limit: Self.limit))
  }

  @Test("a .strings body counts as the root dictionary")
  func stringsBody() throws {
    func body(_ arrays: Int) -> [UInt8] {
      Array(
        ("a = " + String(repeating: "(", count: arrays) + String(repeating: ")", count: arrays)
          + ";").utf8)
    }
    #expect(throws: Never.self) { try PropertyList.decode(body(Self.limit - 1), as: .openStep) }
    let error = #expect(throws: PlistParseError.self) {
      try PropertyList.decode(body(Self.limit), as: .openStep)
    }
    #expect(error?.kind == .tooDeep(limit: Self.limit))
  }

  @Test("the streaming binary-to-XML converter has the same limit")
  func streamingConverter() throws {
    func convert(_ levels: Int) throws(BinaryToXMLConverter.Failure) -> [UInt8] {
      let out = ByteOutput()
      try Self.input(.binary, levels: levels).withUnsafeBufferPointer {
        (buffer) throws(BinaryToXMLConverter.Failure) in
        try BinaryToXMLConverter.convert(buffer, to: out)
      }
      return out.finish()
    }
    let xml = try convert(Self.limit)
    #expect(try PropertyList.decode(xml, as: .xml) == Self.arrays(Self.limit))
    do {
      _ = try convert(Self.limit + 1)
      Issue.record("converted a value one level too deep")
    } catch {
      guard case .parse(let parseError) = error else {
        Issue.record("expected a parse error, got \(error)")
        return
      }
      #expect(parseError.kind == .tooDeep(limit: Self.limit))
    }
  }

  @Test("descriptions abridge containers beyond the limit")
  func description() {
    #expect(!PropertyList.describe(Self.arrays(Self.limit)).contains("(...)"))
    #expect(PropertyList.describe(Self.arrays(Self.limit + 1)).contains("(...)"))
  }

  // MARK: - Helpers

  /// `levels` arrays nested around the string `x`.
  static func arrays(_ levels: Int) -> PlistValue {
    var value: PlistValue = "x"
    for _ in 0..<levels { value = .array([value]) }
    return value
  }

  /// `arrays(levels)` spelled by hand in a format.
  static func input(_ format: PlistFormat, levels: Int) -> [UInt8] {
    func wrap(_ open: String, _ inner: String, _ close: String) -> [UInt8] {
      Array(
        (String(repeating: open, count: levels) + inner + String(repeating: close, count: levels))
          .utf8)
    }
    switch format {
    case .xml:
      return Array("<plist>".utf8) + wrap("<array>", "<string>x</string>", "</array>")
        + Array("</plist>".utf8)
    case .json: return wrap("[", "\"x\"", "]")
    case .openStep: return wrap("(", "x", ")")
    case .binary: return binaryArrays(levels)
    }
  }

  /// A bplist00 file whose object `i` is an array holding object `i + 1`, and whose last
  /// object is the string `x`: two-byte offsets and references.
  static func binaryArrays(_ levels: Int) -> [UInt8] {
    func twoBytes(_ n: Int) -> [UInt8] { [UInt8(n >> 8), UInt8(n & 0xFF)] }
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for index in 0...levels {
      offsets += twoBytes(bytes.count)
      bytes += index < levels ? [0xA1] + twoBytes(index + 1) : [0x51, UInt8(ascii: "x")]
    }
    let tableOffset = bytes.count
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, 2, 2]
    bytes += [0, 0, 0, 0, 0, 0] + twoBytes(levels + 1)
    bytes += [0, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0, 0, 0] + twoBytes(tableOffset)
    return bytes
  }
}

import PlistCore
import Testing

/// Hostile and broken inputs: each is refused with a typed error and a useful position.
@Suite("Malformed input")
struct MalformedInputTests {
  /// A bplist00 file from objects, with 1-byte offsets and references.
  static func binary(_ objects: [[UInt8]], top: UInt8 = 0) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let tableOffset = bytes.count
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)]
    bytes += [0, 0, 0, 0, 0, 0, 0, top]
    bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset)]
    return bytes
  }

  static func parseError(_ bytes: [UInt8], as format: PlistFormat) -> PlistParseError? {
    #expect(throws: PlistParseError.self) { try PropertyList.decode(bytes, as: format) }
  }

  @Test func binaryCycleIsRefused() {
    // object 0: [ref 1]; object 1: [ref 0]
    let error = Self.parseError(Self.binary([[0xA1, 1], [0xA1, 0]]), as: .binary)
    #expect(error?.kind == .cycle(object: 0))
  }

  @Test func binarySharedObjectsAreFine() throws {
    // [s, s, [s]] where s is one string object.
    let bytes = Self.binary([[0xA3, 1, 1, 2], [0x51, 0x61], [0xA1, 1]])
    #expect(
      try PropertyList.decode(bytes, as: .binary)
        == .array([.string("a"), .string("a"), .array([.string("a")])]))
  }

  @Test func exponentialSharingHitsTheExpansionBudget() {
    // Each array holds the next one twice: 2^40 leaves from 42 objects.
    var objects: [[UInt8]] = (0..<40).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
    objects.append([0x09])
    let bomb = Self.binary(objects)
    let error = Self.parseError(bomb, as: .binary)
    #expect(error?.kind == .expansionLimit(4 * bomb.count))
  }

  @Test func binaryDepthIsLimited() {
    // 600 nested arrays need 2-byte references; build them by hand.
    let count = 601
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for i in 0..<count - 1 {
      offsets.append(bytes.count)
      bytes += [0xA1, UInt8((i + 1) >> 8), UInt8((i + 1) & 0xFF)]
    }
    offsets.append(bytes.count)
    bytes.append(0x09)
    let tableOffset = bytes.count
    for o in offsets { bytes += [UInt8(o >> 8), UInt8(o & 0xFF)] }
    bytes += [0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, UInt8(count >> 8), UInt8(count & 0xFF)]
    bytes += [
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(tableOffset >> 8), UInt8(tableOffset & 0xFF),
    ]
    #expect(Self.parseError(bytes, as: .binary)?.kind == .tooDeep(limit: 512))
  }

  @Test(arguments: [
    ([0xA1, 5] as [UInt8], "reference to object 5 of 1"),
    (
      [0x5F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
      "object length 9223372036854775807 exceeds the file"
    ),
    ([0x6F, 0x10, 0x02, 0x00], "object runs past the end of the object table"),
    ([0x5F, 0x50], "object length is not given as an integer"),
    ([0xC1, 0], "a set, which property lists cannot hold"),
    ([0x00], "unknown object marker 0x00"),
    ([0x52, 0x61, 0xE9], "ASCII string holds a byte above 0x7F"),
    ([0x61, 0xD8, 0x00], "UTF-16 string holds an unpaired surrogate"),
    (
      [0x14, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      "16-byte integer outside the 64-bit range"
    ),
  ])
  func binaryObjectErrors(_ object: [UInt8], _ message: String) {
    let error = Self.parseError(Self.binary([object]), as: .binary)
    #expect(error?.kind == .invalid(message))
    #expect(error?.position == .byteOffset(8))
  }

  @Test func binaryDictionaryKeysMustBeStrings() {
    let error = Self.parseError(Self.binary([[0xD1, 1, 1], [0x09]]), as: .binary)
    #expect(error?.kind == .invalid("dictionary key (object 1) is not a string"))
  }

  @Test func binaryTruncationAndGarbageAreRefused() {
    let good = Self.binary([[0x51, 0x61]])
    for length in 0..<good.count {
      #expect(throws: PlistParseError.self) {
        try PropertyList.decode(Array(good.prefix(length)), as: .binary)
      }
    }
    #expect(throws: PlistParseError.self) { try PropertyList.decode(good + [0], as: .binary) }
  }

  @Test(arguments: [
    ("<plist><dict><key>a</key></dict></plist>", "xml: line 1, column 14: key \"a\" has no value"),
    (
      "<plist><dict><string>a</string></dict></plist>",
      "xml: line 1, column 14: <string> where a <key> was expected in <dict>"
    ),
    ("<plist><strings/></plist>", "xml: line 1, column 8: unknown element <strings>"),
    (
      "<plist><string>a&b;</string></plist>",
      "xml: line 1, column 17: unknown entity &b; (only the five XML entities are defined)"
    ),
    (
      "<plist><string>&#0;</string></plist>",
      "xml: line 1, column 16: unknown entity &#0; (only the five XML entities are defined)"
    ),
    (
      "<plist><integer>18446744073709551616</integer></plist>",
      "xml: line 1, column 17: <integer>18446744073709551616</integer> is out of range"
    ),
    (
      "<plist><integer>12a</integer></plist>",
      "xml: line 1, column 17: <integer>12a</integer> is not a valid integer"
    ),
    (
      "<plist><date>2024-14-01T00:00:00Z</date></plist>",
      "xml: line 1, column 14: <date>2024-14-01T00:00:00Z</date> has a month outside 01–13 or a year beyond ±1000000000"
    ),
    (
      "<plist><real>0x1p3</real></plist>",
      "xml: line 1, column 14: <real>0x1p3</real> is not a valid number"
    ),
    (
      "<plist><array>\n  <true/>\n  oops</array></plist>",
      "xml: line 3, column 3: unexpected 'o', expected a value element"
    ),
    (
      "<plist><array></dict></plist>",
      "xml: line 1, column 15: </dict> does not close the <array> opened at line 1, column 8"
    ),
    ("<plist><true/><true/></plist>", "xml: line 1, column 15: unexpected '<', expected </plist>"),
    (
      "<plist><string>abc", "xml: line 1, column 19: unexpected end of input while reading <string>"
    ),
    ("<plist/>", "xml: line 1, column 1: <plist> holds no value"),
    (
      "<plist><true/></plist>junk",
      "xml: line 1, column 23: unexpected 'j', expected nothing after the root element"
    ),
    (
      "<plist><data>AB$C</data></plist>",
      "xml: line 1, column 16: invalid base64 character in <data>"
    ),
  ])
  func xmlErrors(_ text: String, _ message: String) {
    #expect(Self.parseError(Array(text.utf8), as: .xml)?.description == message)
  }

  @Test func xmlEntityDeclarationsAreNeverExpanded() {
    let bomb = """
      <?xml version="1.0"?>
      <!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <plist><string>&b;</string></plist>
      """
    // Refused at the internal subset, as CoreFoundation refuses it; nothing in it is read.
    #expect(
      Self.parseError(Array(bomb.utf8), as: .xml)?.kind
        == .invalid("an internal DTD subset in the DOCTYPE declaration"))
    let declared = "<!DOCTYPE plist><plist><string>&b;</string></plist>"
    #expect(
      Self.parseError(Array(declared.utf8), as: .xml)?.kind
        == .invalid("unknown entity &b; (only the five XML entities are defined)"))
    let external =
      "<!DOCTYPE plist [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><plist><string>&x;</string></plist>"
    #expect(throws: PlistParseError.self) {
      try PropertyList.decode(Array(external.utf8), as: .xml)
    }
  }

  @Test(arguments: [PlistFormat.xml, .openStep, .json])
  func textDepthIsLimited(_ format: PlistFormat) {
    let (open, close) =
      format == .xml ? ("<array>", "</array>") : format == .json ? ("[", "]") : ("(", ")")
    let text = String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000)
    #expect(Self.parseError(Array(text.utf8), as: format)?.kind == .tooDeep(limit: 512))
  }

  @Test(arguments: [
    ("{ a = b }", "openstep: line 1, column 9: unexpected '}', expected ';'"),
    ("( a, b", "openstep: line 1, column 7: unexpected end of input while reading an array"),
    (
      "<0f1>", "openstep: line 1, column 5: unexpected '>', expected the second hex digit of a byte"
    ),
    ("\"a\\UD800\"", "openstep: line 1, column 3: \\U escape is an unpaired high surrogate"),
    ("'\\UDC00'", "openstep: line 1, column 2: \\U escape is an unpaired low surrogate"),
    ("\"\\UD83D\\U41\"", "openstep: line 1, column 2: \\U escape is an unpaired high surrogate"),
    ("\"\\UD83D\\Ux\"", "openstep: line 1, column 8: \\U escape without hex digits"),
    ("\"a\\U\"", "openstep: line 1, column 3: \\U escape without hex digits"),
    ("\"ab", "openstep: line 1, column 4: unexpected end of input while reading a quoted string"),
    ("( a ) junk", "openstep: line 1, column 7: unexpected 'j', expected the end of the input"),
    ("/* never closed", "openstep: line 1, column 1: unterminated /* comment"),
    ("{ a = (b; }", "openstep: line 1, column 9: unexpected ';', expected ',' or ')'"),
  ])
  func openStepErrors(_ text: String, _ message: String) {
    #expect(Self.parseError(Array(text.utf8), as: .openStep)?.description == message)
  }

  @Test(arguments: [
    ("{\"a\": null}", "json: line 1, column 7: null has no property-list equivalent"),
    ("[1, 2", "json: line 1, column 6: unexpected end of input while reading an array"),
    ("{\"a\" 1}", "json: line 1, column 6: unexpected '1', expected ':'"),
    (
      "18446744073709551616",
      "json: line 1, column 1: integer 18446744073709551616 is outside −2^63 … 2^64−1"
    ),
    ("1e400", "json: line 1, column 1: number 1e400 is out of range"),
    ("\"\\ud800\"", "json: line 1, column 2: \\u escape is an unpaired high surrogate"),
    ("\"\\udc00\"", "json: line 1, column 2: \\u escape is an unpaired low surrogate"),
    ("\"\\ud83d\\u0041\"", "json: line 1, column 2: \\u escape is an unpaired high surrogate"),
    ("\"\\ud83d\\u00zz\"", "json: line 1, column 8: \\u escape needs four hex digits"),
    ("\"a\tb\"", "json: line 1, column 3: control character in a string (escape it)"),
    ("\"a\\q\"", "json: line 1, column 3: unknown escape \\q"),
    ("\"ab", "json: line 1, column 4: unexpected end of input while reading a string"),
    ("[1 2]", "json: line 1, column 4: unexpected '2', expected ',' or ']'"),
    ("{\"a\": 1 \"b\"}", "json: line 1, column 9: unexpected '\"', expected ',' or '}'"),
    ("[01]", "json: line 1, column 3: unexpected '1', expected ',' or ']'"),
    ("", "json: the input is empty"),
  ])
  func jsonErrors(_ text: String, _ message: String) {
    #expect(Self.parseError(Array(text.utf8), as: .json)?.description == message)
  }

  @Test func detectionReportsTheReaderThatGotFurthest() {
    // Valid JSON up to a stray comma: the JSON error is the useful one.
    let error = #expect(throws: PlistParseError.self) {
      try PropertyList.decode(Array("{\"a\": [1, 2,]}".utf8))
    }
    #expect(error?.format == .json)
  }
}

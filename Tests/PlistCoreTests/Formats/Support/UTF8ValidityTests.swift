import Testing

@testable import PlistCore

/// `UTF8Text.isValid` and `UTF16BigEndian.transcode` accept exactly what `UTF8Text.string`
/// accepts, and the transcoder writes the string's own UTF-16.
@Suite("UTF-8 validity")
struct UTF8ValidityTests {
  static func agree(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      let string = UTF8Text.string(buffer)
      let expected = string.map { $0.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
      return UTF8Text.isValid(buffer) == (string != nil) && transcoded(buffer) == expected
    }
  }

  /// What `UTF16BigEndian.transcode` writes, or nil where it refuses.
  static func transcoded(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var refused = false
    let units = [UInt8](unsafeUninitializedCapacity: 2 * buffer.count + 1) { out, count in
      guard let base = out.baseAddress, let written = UTF16BigEndian.transcode(buffer, into: base)
      else {
        refused = true
        count = 0
        return
      }
      count = written
    }
    return refused ? nil : units
  }

  @Test(
    arguments: [
      [], [0x41], [0xC3, 0xA9], [0xC3], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0x80],
      [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF],
      [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xFE], [0xFF],
      [0xE2, 0x84], [0xE2, 0x84, 0xAA], [0xF0, 0x9F, 0x98], [0x41, 0xE5, 0x90, 0x8D, 0x42],
    ] as [[UInt8]])
  func edgeCases(bytes: [UInt8]) {
    #expect(Self.agree(bytes))
  }

  @Test func randomSequences() {
    var random = SplitMix(7)
    let interesting: [UInt8] = [
      0x00, 0x41, 0x41, 0x61, 0x7A, 0x20, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2,
      0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF,
    ]
    for round in 0..<20_000 {
      // Longer sequences too, for the eight-byte runs of ASCII.
      let count = Int(random.next() % (round % 4 == 0 ? 40 : 7))
      let bytes = (0..<count).map { _ in interesting[Int(random.next() % UInt64(interesting.count))]
      }
      #expect(Self.agree(bytes), "\(bytes)")
    }
  }

  /// Sequences of whole characters, valid and not: runs of two- and three-byte ones are
  /// common here, which random bytes seldom make.
  @Test func randomCharacters() {
    var random = SplitMix(13)
    let characters: [[UInt8]] = [
      [0x41], [0x20], [0xC2, 0x80], [0xC3, 0xA9], [0xDF, 0xBF], [0xE0, 0xA0, 0x80],
      [0xE4, 0xB8, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
      [0xF0, 0x9F, 0x98, 0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF],
      [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xE2, 0x84], [0xC3], [0x80], [0xE2, 0x28, 0xA1],
      [0xC3, 0x28],
    ]
    for round in 0..<20_000 {
      // Mostly valid ones, so that the refusals come after runs of them.
      let pool = round % 2 == 0 ? Array(characters.prefix(11)) : characters
      let count = Int(random.next() % 12)
      let bytes = (0..<count).flatMap { _ in pool[Int(random.next() % UInt64(pool.count))] }
      #expect(Self.agree(bytes), "\(bytes)")
    }
  }

  /// Big-endian UTF-16 read back as UTF-8 (`UTF16BigEndian.appendUTF8`) and checked
  /// (`isWellFormed`, `isASCII`): the standard library's decoding where every surrogate is
  /// paired, a refusal where one is not. Escaped for XML as it is read, the text is what
  /// escaping its UTF-8 gives.
  @Test func utf16UnitsReadAsTheStandardLibraryReadsThem() {
    var random = SplitMix(11)
    let interesting: [UInt16] = [
      0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xFFFF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0x20AC,
      0x26, 0x3C, 0x3E, 0x0A, 0x1F, 0x3F, 0x40, 0xFFF, 0x3A9, 0x5D0,
    ]
    for round in 0..<20_000 {
      let count = Int(random.next() % (round % 4 == 0 ? 30 : 6))
      // Rounds of ASCII only, of two-byte characters only and of three-byte ones only
      // (no surrogate), in which the runs of four units that are read at once are common;
      // and of whole characters, pairs among them and seldom a lone surrogate, so that runs
      // of four hold pairs, across their ends too, and are mostly well formed.
      let pool: [[UInt16]]
      switch round % 6 {
      case 0, 3: pool = interesting.filter { $0 < 0x80 }.map { [$0] }
      case 1:
        pool = (interesting.filter { (0x80..<0x800).contains($0) } + [0xE9, 0x416, 0x4FF])
          .map { [$0] }
      case 4:
        pool = (interesting.filter { $0 >= 0x800 && $0 & 0xF800 != 0xD800 } + [0x4E00, 0xD7FF])
          .map { [$0] }
      case 2:
        let pairs: [[UInt16]] = [[0xD83D, 0xDE00], [0xD800, 0xDC00], [0xDBFF, 0xDFFF]]
        pool = [[0x41], [0xE9], [0x4E00], [0x26]] + pairs + pairs + pairs + [[0xD800], [0xDC00]]
      default: pool = interesting.map { [$0] }
      }
      let units = (0..<count).flatMap { _ in pool[Int(random.next() % UInt64(pool.count))] }
      let bytes = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
      let wellFormed = String(validating: units, as: UTF16.self)
      var utf8: [UInt8] = [0x2A]
      let read = bytes.withUnsafeBufferPointer { UTF16BigEndian.appendUTF8($0, to: &utf8) }
      let checked = bytes.withUnsafeBufferPointer { UTF16BigEndian.isWellFormed($0) }
      #expect(read == (wellFormed != nil) && checked == read, "\(units)")
      let ascii = bytes.withUnsafeBufferPointer { UTF16BigEndian.isASCII($0) }
      #expect(ascii == units.allSatisfy { $0 < 0x80 }, "\(units)")
      guard let wellFormed else { continue }
      #expect(utf8 == [0x2A] + Array(wellFormed.utf8), "\(units)")
      for controls in [false, true] {
        #expect(
          Self.escapedWhileRead(bytes, controls: controls)
            == Self.escaped(Array(wellFormed.utf8), controls: controls), "\(units)")
      }
    }
  }

  /// The references written while transcoding, spelled out (the comparison above shares
  /// the writer's spelling of them).
  @Test func utf16EscapedForXMLAsWritten() {
    let text = "plain text, then a&<>\u{1}\u{1F}é😀 and more plain text"
    let units = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(
      String(decoding: Self.escapedWhileRead(units, controls: true), as: UTF8.self)
        == "plain text, then a&amp;&lt;&gt;&#1;&#31;é😀 and more plain text")
    #expect(
      String(decoding: Self.escapedWhileRead(units, controls: false), as: UTF8.self)
        == "plain text, then a&amp;&lt;&gt;\u{1}\u{1F}é😀 and more plain text")
  }

  /// Well-formed big-endian UTF-16 transcoded and escaped for XML in one pass.
  private static func escapedWhileRead(_ units: [UInt8], controls: Bool) -> [UInt8] {
    let escapes = XMLPlistWriter.TextEscapes(controls: controls)
    return units.withUnsafeBufferPointer { units in
      let room = UTF16BigEndian.maximumUTF8(units, escaping: escapes)
      return [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
        count =
          buffer.baseAddress.flatMap {
            UTF16BigEndian.writeUTF8(units, into: $0, escaping: escapes)
          } ?? 0
      }
    }
  }

  /// UTF-8 escaped for XML by the writer's escaping of text it holds as UTF-8.
  private static func escaped(_ utf8: [UInt8], controls: Bool) -> [UInt8] {
    let out = ByteOutput()
    utf8.withUnsafeBufferPointer {
      XMLPlistWriter(out: out, escapeControls: controls).appendEscaped($0)
    }
    return out.finish()
  }
}

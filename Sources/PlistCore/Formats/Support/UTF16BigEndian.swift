/// Big-endian UTF-16, as binary plists store a string that is not ASCII: written from UTF-8
/// (checked on the way as `UTF8Text.isValid` checks: one pass where checking and then
/// transcoding took two, the check a quarter of converting a document of non-ASCII text),
/// checked for unpaired surrogates, and read back as UTF-8. The one place that walks
/// surrogate pairs of a binary plist's strings.
enum UTF16BigEndian {
  /// Writes the UTF-16 of `utf8` to `out`, which has room for `2 * utf8.count` bytes.
  ///
  /// - Parameters:
  ///   - utf8: The text.
  ///   - out: Where the units go, high byte first.
  /// - Returns: How many bytes were written; nil when `utf8` is not valid UTF-8 (no stray
  ///   continuation byte, no overlong form, no surrogate, nothing above U+10FFFF).
  static func transcode(_ utf8: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>)
    -> Int?
  {
    guard let source = utf8.baseAddress else { return 0 }
    let n = utf8.count
    var i = 0
    var o = 0
    @inline(__always) func unit(_ value: UInt32) {
      UnsafeMutableRawPointer(out + o).storeBytes(
        of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
      o += 2
    }
    while i < n {
      // Runs of ASCII, eight bytes at a time: each byte spread to the low half of a unit.
      while i + 8 <= n {
        let word = eightBytes(at: source + i)
        guard word & 0x8080_8080_8080_8080 == 0 else { break }
        let raw = UnsafeMutableRawPointer(out + o)
        raw.storeBytes(of: spread(word & 0xFFFF_FFFF), toByteOffset: 0, as: UInt64.self)
        raw.storeBytes(of: spread(word >> 32), toByteOffset: 8, as: UInt64.self)
        i += 8
        o += 16
      }
      // Runs of two- and three-byte characters (accented Latin, Cyrillic, CJK), each read
      // and checked from one four-byte load: CJK text went through the branches below at
      // about 30 instructions a character.
      while i + 4 <= n {
        let word = UInt32(
          littleEndian: UnsafeRawPointer(source + i).loadUnaligned(as: UInt32.self))
        if word & 0x00C0_C0F0 == 0x0080_80E0 {
          let value = (word & 0x0F) << 12 | (word >> 2 & 0x0FC0) | (word >> 16 & 0x3F)
          // No overlong form, no surrogate.
          guard value >= 0x800, !UTF16Surrogate.isHalf(value) else { return nil }
          unit(value)
          i += 3
        } else if word & 0xC0E0 == 0x80C0 {
          let value = (word & 0x1F) << 6 | (word >> 8 & 0x3F)
          guard value >= 0x80 else { return nil }
          unit(value)
          i += 2
        } else {
          break
        }
      }
      guard i < n else { break }
      let lead = source[i]
      if lead < 0x80 {
        unit(UInt32(lead))
        i += 1
        continue
      }
      // Each length written out, for CJK text (three bytes) runs through here per
      // character. The ranges of the second byte are those of `UTF8Text.isValid`.
      @inline(__always) func continuation(_ k: Int) -> UInt32? {
        let byte = source[i + k]
        return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
      }
      if lead < 0xE0 {
        guard lead >= 0xC2, i + 2 <= n, let b1 = continuation(1) else { return nil }
        unit(UInt32(lead & 0x1F) << 6 | b1)
        i += 2
      } else if lead < 0xF0 {
        guard i + 3 <= n, let b1 = continuation(1), let b2 = continuation(2) else { return nil }
        // No overlong form (E0 A0…), no surrogate (ED …9F).
        if lead == 0xE0 && b1 < 0x20 || lead == 0xED && b1 >= 0x20 { return nil }
        unit(UInt32(lead & 0x0F) << 12 | b1 << 6 | b2)
        i += 3
      } else {
        guard lead <= 0xF4, i + 4 <= n, let b1 = continuation(1), let b2 = continuation(2),
          let b3 = continuation(3)
        else { return nil }
        // No overlong form (F0 90…), nothing above U+10FFFF (F4 …8F).
        if lead == 0xF0 && b1 < 0x10 || lead == 0xF4 && b1 >= 0x10 { return nil }
        let (high, low) = UTF16Surrogate.halves(
          of: UInt32(lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3)
        unit(high)
        unit(low)
        i += 4
      }
    }
    return o
  }

  /// Four ASCII bytes (the low half of `word`, first byte lowest) as four big-endian units
  /// in the eight bytes of a little-endian word: each byte moves to the high byte of its
  /// 16 bits, which memory then holds as 0, byte.
  @inline(__always)
  private static func spread(_ word: UInt64) -> UInt64 {
    var x = (word | word << 16) & 0x0000_FFFF_0000_FFFF
    x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
    return (x << 8).littleEndian
  }

  /// Whether every unit of `units` (high byte first) is ASCII: a string the binary writer
  /// writes as ASCII.
  static func isASCII(_ units: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    while i + 1 < units.count {
      if units[i] != 0 || units[i + 1] >= 0x80 { return false }
      i += 2
    }
    return true
  }

  /// Whether every surrogate in `units` (high byte first) is paired: what reading them as a
  /// string requires.
  static func isWellFormed(_ units: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = units.baseAddress else { return true }
    let end = units.count & ~1
    var i = 0
    while i < end {
      // Four units at a time while none is a surrogate (most text has none).
      while i + 8 <= end, !hasSurrogate(eightBytes(at: base + i)) {
        i += 8
      }
      guard i < end else { break }
      let unit = UInt32(base[i]) << 8 | UInt32(base[i + 1])
      i += 2
      guard UTF16Surrogate.isHalf(unit) else { continue }
      guard UTF16Surrogate.isHigh(unit), i < end,
        UTF16Surrogate.isLow(UInt32(base[i]) << 8 | UInt32(base[i + 1]))
      else { return false }
      i += 2
    }
    return true
  }

  /// The 16-bit lanes of `lanes` (four units, each below 0x8000) that are zero, as their
  /// high bits: the test of four units at once, for surrogates here and for a format's
  /// escapes (`ASCIIEscapes.escapesAny`).
  @inline(__always)
  static func zeroLanes(_ lanes: UInt64) -> UInt64 {
    // Subtracting one borrows into bit 15 only from a zero lane.
    (lanes &- 0x0001_0001_0001_0001) & 0x8000_8000_8000_8000
  }

  /// Whether one of the four big-endian units in `word` (eight bytes read as a little-endian
  /// number, so that each unit's high byte is the low byte of its 16 bits) is a surrogate,
  /// D800–DFFF.
  @inline(__always)
  private static func hasSurrogate(_ word: UInt64) -> Bool {
    // A lane is zero where the high byte's top five bits are 11011.
    zeroLanes((word & 0x00F8_00F8_00F8_00F8) ^ 0x00D8_00D8_00D8_00D8) != 0
  }

  /// Appends the UTF-8 of `units` (high byte first) to `utf8`.
  ///
  /// - Returns: False, with nothing appended, when a surrogate is unpaired.
  static func appendUTF8(_ units: UnsafeBufferPointer<UInt8>, to utf8: inout [UInt8]) -> Bool {
    // Into a buffer first, then appended at once (a byte at a time, each append checked the
    // array's capacity and sharing: a fifth of converting non-ASCII text).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumUTF8(units)) { buffer in
      guard let out = buffer.baseAddress, let written = writeUTF8(units, into: out) else {
        return buffer.isEmpty
      }
      utf8.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
      return true
    }
  }

  /// The room `writeUTF8` needs for `units`: the most bytes an escaped unit takes (a unit of
  /// UTF-8 takes at most three bytes, a pair of them four), and three more, as the last unit
  /// is stored four bytes at a time.
  @inline(__always)
  static func maximumUTF8<Escapes: ASCIIEscapes>(
    _ units: UnsafeBufferPointer<UInt8>, escaping escapes: Escapes = NoEscapes()
  ) -> Int {
    units.count / 2 * max(3, Escapes.longest) + 3
  }

  /// Writes the UTF-8 of `units` (high byte first) to `out`, which has room for
  /// `maximumUTF8(units, escaping: escapes)` bytes, each ASCII unit `escapes` names written
  /// as it says.
  ///
  /// - Returns: How many bytes it wrote; nil when a surrogate is unpaired.
  @inline(__always)
  static func writeUTF8<Escapes: ASCIIEscapes>(
    _ units: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
    escaping escapes: Escapes = NoEscapes()
  ) -> Int? {
    guard let base = units.baseAddress else { return 0 }
    let end = units.count & ~1
    let escaped = escapes.below64
    var i = 0
    var o = 0
    while i < end {
      // Runs of ASCII that need no escape, four units at a time.
      while i + 8 <= end {
        let word = eightBytes(at: base + i)
        // Each unit's high byte is zero and its low byte below 0x80.
        guard word & 0x80FF_80FF_80FF_80FF == 0 else { break }
        let characters = word >> 8
        guard !escapes.escapesAny(ofFour: characters) else { break }
        let packed = (characters | characters >> 8) & 0x0000_FFFF_0000_FFFF
        let four = UInt32(truncatingIfNeeded: packed | packed >> 16)
        store(four, at: out + o)
        i += 8
        o += 4
      }
      // Runs of characters of two or of three UTF-8 bytes (accented Latin, Greek, Cyrillic;
      // CJK), four units at a time: converting CJK text a unit at a time cost 45
      // instructions a unit.
      while i + 8 <= end {
        let word = eightBytes(at: base + i)
        let below0x800 = zeroLanes(word & 0x00F8_00F8_00F8_00F8)
        if below0x800 == 0 && !hasSurrogate(word) {
          for lane in 0..<4 {
            store(threeBytes(unit(word, lane: lane)), at: out + o)
            o += 3
          }
        } else if below0x800 == 0x8000_8000_8000_8000
          // No unit below 0x80: a lane is zero where the high byte is and the low byte's
          // top bit is (kept below 0x8000, as `zeroLanes` needs).
          && zeroLanes(word & 0x00FF_00FF_00FF_00FF | word >> 8 & 0x0080_0080_0080_0080) == 0
        {
          for lane in 0..<4 {
            store(twoBytes(unit(word, lane: lane)), at: out + o)
            o += 2
          }
        } else {
          break
        }
        i += 8
      }
      guard i < end else { break }
      let unit = UInt32(base[i]) << 8 | UInt32(base[i + 1])
      i += 2
      if escaped != 0, unit < 64, escaped & (1 &<< UInt64(unit)) != 0 {
        o += escapes.write(UInt8(truncatingIfNeeded: unit), into: out + o)
        continue
      }
      if !UTF16Surrogate.isHalf(unit) {
        // One to three bytes, chosen without a branch (text mixing scripts would mispredict
        // one a character), stored four at once: the room has three bytes to spare.
        let two = twoBytes(unit)
        let three = threeBytes(unit)
        store(unit < 0x80 ? unit : unit < 0x800 ? two : three, at: out + o)
        o += 1 + (unit < 0x80 ? 0 : 1) + (unit < 0x800 ? 0 : 1)
        continue
      }
      // A high surrogate followed by a low one is a pair; anything else is refused.
      guard UTF16Surrogate.isHigh(unit), i < end else { return nil }
      let next = UInt32(base[i]) << 8 | UInt32(base[i + 1])
      guard UTF16Surrogate.isLow(next) else { return nil }
      i += 2
      let scalar = UTF16Surrogate.scalar(high: unit, low: next)
      let four =
        (0xF0 | scalar >> 18) | (0x80 | scalar >> 12 & 0x3F) << 8
        | (0x80 | scalar >> 6 & 0x3F) << 16 | (0x80 | scalar & 0x3F) << 24
      store(four, at: out + o)
      o += 4
    }
    return o
  }
}

extension UTF16BigEndian {
  /// Eight bytes at `bytes` as a little-endian number, the first byte lowest: of four
  /// big-endian units, each unit's high byte is then the low byte of its 16 bits.
  @inline(__always)
  static func eightBytes(at bytes: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
  }

  /// The unit in `lane` of four big-endian units read as a little-endian word.
  @inline(__always)
  private static func unit(_ word: UInt64, lane: Int) -> UInt32 {
    let bits = UInt32(truncatingIfNeeded: word >> (16 * UInt64(lane)))
    return (bits & 0xFF) << 8 | (bits >> 8 & 0xFF)
  }

  /// The two bytes of UTF-8 of a unit 0080–07FF, the first lowest.
  @inline(__always)
  private static func twoBytes(_ unit: UInt32) -> UInt32 {
    (0xC0 | unit >> 6) | (0x80 | unit & 0x3F) << 8
  }

  /// The three bytes of UTF-8 of a unit 0800–FFFF that is not a surrogate, the first lowest.
  @inline(__always)
  private static func threeBytes(_ unit: UInt32) -> UInt32 {
    (0xE0 | unit >> 12) | (0x80 | unit >> 6 & 0x3F) << 8 | (0x80 | unit & 0x3F) << 16
  }

  /// Stores the four bytes of `bytes`, the first lowest, at `out`: a character's one to four
  /// bytes stored at once, as the room `maximumUTF8` promises has three bytes to spare.
  @inline(__always)
  private static func store(_ bytes: UInt32, at out: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(out).storeBytes(of: bytes.littleEndian, as: UInt32.self)
  }
}

/// ASCII characters a text format writes other than as themselves (XML's `&amp;`), for
/// `UTF16BigEndian.writeUTF8` to write as it transcodes: one pass where transcoding and then
/// escaping took two.
protocol ASCIIEscapes {
  /// The most bytes `write` writes.
  static var longest: Int { get }
  /// The characters escaped, bit `c` for character `c`: all are below 64.
  var below64: UInt64 { get }
  /// Writes the escape of `character` at `out`, returning how many bytes it wrote.
  func write(_ character: UInt8, into out: UnsafeMutablePointer<UInt8>) -> Int
  /// Whether one of four ASCII characters, each in the low byte of a 16-bit lane of
  /// `characters` (the others zero), is escaped.
  func escapesAny(ofFour characters: UInt64) -> Bool
}

/// Every character as itself.
struct NoEscapes: ASCIIEscapes {
  static var longest: Int { 0 }
  var below64: UInt64 { 0 }
  func write(_ character: UInt8, into out: UnsafeMutablePointer<UInt8>) -> Int { 0 }
  func escapesAny(ofFour characters: UInt64) -> Bool { false }
}

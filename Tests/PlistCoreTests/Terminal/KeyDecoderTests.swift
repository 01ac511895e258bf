import Testing

@testable import PlistCore

@Suite("Key decoder")
struct KeyDecoderTests {
  /// Decodes reads in order with one decoder, and returns all the keys.
  private func decode(_ reads: [UInt8]...) -> [TerminalKey] {
    var decoder = KeyDecoder()
    return reads.flatMap { decoder.decode($0) }
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  // MARK: - Escape sequences

  @Test(arguments: [
    ("\u{1B}[A", TerminalKey.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[Z", .backTab),
    ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
    ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
    ("\u{1B}[1;5C", .right), ("\u{1B}[1;2A", .up), ("\u{1B}[3;5~", .delete),
    ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
    ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}OM", .enter),
  ])
  func sequences(_ sequence: String, _ key: TerminalKey) {
    #expect(decode(bytes(sequence)) == [key])
  }

  @Test func unknownSequencesAreSkipped() {
    // F1 (SS3 P), F5, Insert, a cursor position report, a focus event, an SGR mouse event.
    let input = "\u{1B}OP\u{1B}[15~\u{1B}[2~\u{1B}[12;40R\u{1B}[I\u{1B}[<0;3;4M"
    #expect(decode(bytes(input + "x")) == [.character("x")])
  }

  @Test func aMalformedSequenceIsDroppedUpToTheStrayByte() {
    #expect(decode([0x1B, 0x5B, 0x31, 0x0D]) == [.enter])
  }

  // MARK: - Escape

  @Test func aLoneEscapeAtTheEndOfAReadIsEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [.escape])
    #expect(!decoder.hasPending)
    #expect(decoder.decode(bytes("[A")) == [.character("["), .character("A")])
  }

  @Test func escapeBeforeAnotherKeyInOneRead() {
    #expect(decode(bytes("\u{1B}\u{1B}[A")) == [.escape, .up])
    #expect(decode(bytes("\u{1B}x")) == [.escape, .character("x")])
    #expect(decode(bytes("\u{1B}\u{1B}")) == [.escape, .escape])
  }

  @Test func aSequenceSplitAfterItsIntroducerWaitsForTheRest() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(bytes("j\u{1B}[")).isEmpty == false)
    #expect(decoder.hasPending)
    #expect(decoder.decode(bytes("B")) == [.down])
    #expect(decode(bytes("\u{1B}[5"), bytes("~")) == [.pageUp])
    #expect(decode(bytes("\u{1B}O"), bytes("A")) == [.up])
  }

  @Test func anEndlessSequenceIsDropped() {
    let long = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 40)
    var decoder = KeyDecoder()
    #expect(decoder.decode(long).isEmpty)
    #expect(!decoder.hasPending)
    #expect(decoder.decode(bytes("q")) == [.character("q")])
  }

  // MARK: - Control bytes

  @Test func controlBytes() {
    #expect(
      decode([0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [.enter, .enter, .tab, .backspace, .backspace])
    #expect(decode([0x01, 0x03, 0x11, 0x13, 0x1A]) == "acqsz".map { TerminalKey.control($0) })
    #expect(decode([0x00, 0x1C, 0x1D, 0x1E, 0x1F]).isEmpty)
  }

  // MARK: - Text

  @Test func viKeysAndSpaceAreCharacters() {
    #expect(decode(bytes("hjklgG/q? ")) == "hjklgG/q? ".map { TerminalKey.character($0) })
  }

  @Test func multiByteCharacters() {
    #expect(decode(bytes("é紅Ж😀")) == "é紅Ж😀".map { TerminalKey.character($0) })
  }

  @Test func aCombiningSequenceIsOneCharacter() {
    #expect(decode(bytes("e\u{301}x")) == [.character("e\u{301}"), .character("x")])
  }

  @Test(arguments: 1..<4)
  func aCharacterSplitAcrossReadsIsWhole(_ split: Int) {
    let character = bytes("😀")
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array(character[..<split])).isEmpty)
    #expect(decoder.hasPending)
    #expect(
      decoder.decode(Array(character[split...]) + bytes("a")) == [.character("😀"), .character("a")])
  }

  @Test func invalidUTF8IsSkipped() {
    #expect(
      decode([0xFF, 0x61, 0xC3, 0x28, 0x80, 0xE0, 0x80, 0x80, 0x62]) == [
        .character("a"), .character("("), .character("b"),
      ])
    // C1 controls encoded in UTF-8 are no characters.
    #expect(decode([0xC2, 0x9B, 0x41]) == [.character("A")])
  }

  @Test func descriptions() {
    let keys: [TerminalKey] = [.up, .pageDown, .backTab, .character("x"), .control("c")]
    #expect(keys.map(\.description) == ["up", "pageDown", "backTab", "character(x)", "control(c)"])
  }
}

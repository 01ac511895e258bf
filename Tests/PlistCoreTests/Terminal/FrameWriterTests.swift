import Testing

@testable import PlistCore

@Suite("Frame writer")
struct FrameWriterTests {
  private let size = TerminalSize(rows: 3, columns: 10)

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  // MARK: - Lines

  @Test func theFirstFrameDrawsEveryRow() {
    var writer = FrameWriter()
    let out = text(writer.bytes(for: TerminalFrame(lines: ["one", "two"]), size: size))
    #expect(out == "\u{1B}[1;1Hone\u{1B}[K\u{1B}[2;1Htwo\u{1B}[K\u{1B}[3;1H\u{1B}[K")
  }

  @Test func anIdenticalFrameWritesNothing() {
    var writer = FrameWriter()
    let frame = TerminalFrame(lines: ["one", StyledLine("two", style: .reverse)])
    _ = writer.bytes(for: frame, size: size)
    #expect(writer.bytes(for: frame, size: size).isEmpty)
  }

  @Test func aChangedLineIsTheOnlyOneWritten() {
    var writer = FrameWriter()
    _ = writer.bytes(for: TerminalFrame(lines: ["one", "two", "three"]), size: size)
    let out = text(writer.bytes(for: TerminalFrame(lines: ["one", "2", "three"]), size: size))
    #expect(out == "\u{1B}[2;1H2\u{1B}[K")
  }

  @Test func aResizeOrInvalidateDrawsEveryRowAgain() {
    var writer = FrameWriter()
    let frame = TerminalFrame(lines: ["one"])
    _ = writer.bytes(for: frame, size: size)
    let bigger = text(writer.bytes(for: frame, size: TerminalSize(rows: 4, columns: 12)))
    #expect(bigger.components(separatedBy: "\u{1B}[K").count == 5)
    writer.invalidate()
    #expect(!writer.bytes(for: frame, size: TerminalSize(rows: 4, columns: 12)).isEmpty)
  }

  @Test func linesPastTheLastRowAreNotDrawn() {
    var writer = FrameWriter()
    let out = text(writer.bytes(for: TerminalFrame(lines: ["a", "b", "c", "d", "e"]), size: size))
    #expect(!out.contains("d") && !out.contains("[4;1H"))
  }

  @Test func styledLinesAndFill() {
    let selected = FrameWriter.lineBytes(StyledLine("row", style: .reverse), width: 6)
    #expect(text(selected) == "\u{1B}[0;7mrow   \u{1B}[0m")
    let mixed = StyledLine(runs: [StyledText("T", style: .bold), StyledText("x")])
    #expect(text(FrameWriter.lineBytes(mixed, width: 6)) == "\u{1B}[0;1mT\u{1B}[0mx\u{1B}[K")
    let dim = FrameWriter.lineBytes(StyledLine("f", style: [.dim, .underline]), width: 1)
    #expect(text(dim) == "\u{1B}[0;2;4mf\u{1B}[0m")
  }

  @Test func aFullLineHasNoEraseAndALongOneIsClipped() {
    #expect(text(FrameWriter.lineBytes("abcdef", width: 6)) == "abcdef")
    #expect(text(FrameWriter.lineBytes("abcdefgh", width: 6)) == "abcde…")
    // Clipped across runs, the ellipsis in the style of the run that was cut.
    let runs = StyledLine(runs: [StyledText("abc"), StyledText("紅綠藍", style: .bold)])
    #expect(text(FrameWriter.lineBytes(runs, width: 6)) == "abc\u{1B}[0;1m紅…\u{1B}[0m")
    // A wide character that would straddle the edge leaves a column, then erased.
    #expect(text(FrameWriter.lineBytes("紅綠藍", width: 5)) == "紅綠…")
    #expect(text(FrameWriter.lineBytes("紅綠藍", width: 4)) == "紅…\u{1B}[K")
  }

  /// Controls are escaped as everywhere else, and bidirectional overrides shown, not obeyed.
  @Test func controlsInTextCannotMoveTheCursorOrReorderTheLine() {
    let out = text(FrameWriter.lineBytes("a\u{1B}[2Jb\tc\u{9B}d\u{202E}e\u{2067}f", width: 40))
    #expect(out == #"a\U001b[2Jb c\U009bd\U202ee\U2067f"# + "\u{1B}[K")
  }

  // MARK: - The cursor

  @Test func theCursorShowsWhereTheFramePlacesIt() {
    var writer = FrameWriter()
    let editing = TerminalFrame(lines: ["name: x"], cursor: TerminalPosition(row: 0, column: 7))
    let first = text(writer.bytes(for: editing, size: size))
    #expect(first.hasSuffix("\u{1B}[1;8H\u{1B}[?25h"))
    #expect(writer.bytes(for: editing, size: size).isEmpty)
    // Only the cursor moved.
    var moved = editing
    moved.cursor = TerminalPosition(row: 0, column: 3)
    #expect(text(writer.bytes(for: moved, size: size)) == "\u{1B}[1;4H")
    // A line changed: the cursor hides while it is written, then shows where it belongs.
    moved.lines = ["name: xy"]
    let changed = text(writer.bytes(for: moved, size: size))
    #expect(changed.hasPrefix("\u{1B}[?25l\u{1B}[1;1H"))
    #expect(changed.hasSuffix("\u{1B}[1;4H\u{1B}[?25h"))
    // No cursor: hidden.
    moved.cursor = nil
    #expect(text(writer.bytes(for: moved, size: size)) == "\u{1B}[?25l")
  }

  @Test func theCursorIsKeptOnTheScreen() {
    var writer = FrameWriter()
    let frame = TerminalFrame(lines: [], cursor: TerminalPosition(row: 9, column: 99))
    #expect(text(writer.bytes(for: frame, size: size)).hasSuffix("\u{1B}[3;10H\u{1B}[?25h"))
  }
}

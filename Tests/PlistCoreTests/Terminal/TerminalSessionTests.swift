import Foundation
import Testing

@testable import PlistCore

/// TerminalSession on a pseudo-terminal in this process: raw mode and its exact restoration,
/// events, and the resize and continue handlers (raised here; the tmux tests deliver the
/// signals that end a process). Serialized: there is one session at a time.
@Suite("Terminal session", .serialized)
struct TerminalSessionTests {
  /// A pseudo-terminal: the session uses the terminal side, the test plays the user on the
  /// other.
  final class PseudoTerminal {
    let user: Int32
    let terminal: Int32

    /// `TIOCSPTLCK` and `TIOCGPTN` (Linux's `<asm-generic/ioctls.h>`): Swift imports neither
    /// these `_IOW`/`_IOR` macros nor `posix_openpt`.
    private static let setLock: UInt = 0x4004_5431
    private static let getNumber: UInt = 0x8004_5430

    init() throws {
      user = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard user >= 0, ioctl(user, Self.setLock, &unlock) == 0,
        ioctl(user, Self.getNumber, &number) == 0
      else { throw POSIXError(.ENXIO) }
      terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
      guard terminal >= 0 else { throw POSIXError(.ENXIO) }
      resize(rows: 24, columns: 80)
    }

    deinit {
      close(terminal)
      close(user)
    }

    func type(_ bytes: [UInt8]) {
      _ = bytes.withUnsafeBytes { write(user, $0.baseAddress, $0.count) }
    }

    func resize(rows: Int, columns: Int) {
      var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
      _ = ioctl(user, UInt(TIOCSWINSZ), &size)
    }

    /// Reads what the session wrote until it contains `wanted` (at most five seconds).
    func read(until wanted: String) -> String {
      var text = ""
      let deadline = Date().addingTimeInterval(5)
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !text.contains(wanted) && Date() < deadline {
        var poller = pollfd(fd: user, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) > 0 else { continue }
        let count = Glibc.read(user, &buffer, buffer.count)
        if count <= 0 { break }
        text += String(decoding: buffer[..<count], as: UTF8.self)
      }
      return text
    }

    var settings: termios {
      var value = termios()
      tcgetattr(terminal, &value)
      return value
    }
  }

  private func start(_ tty: PseudoTerminal, term: String? = "xterm-256color") throws
    -> TerminalSession
  {
    try TerminalSession.open(input: tty.terminal, output: tty.terminal, term: term)
  }

  private func same(_ a: termios, _ b: termios) -> Bool {
    withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
  }

  // MARK: - Refusals

  @Test func refusesWhatIsNotATerminal() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer { for fd in fds { close(fd) } }
    let tty = try PseudoTerminal()
    #expect(throws: TerminalError.notATerminal("<stdin>")) {
      try TerminalSession.open(input: fds[0], output: tty.terminal, term: "xterm")
    }
    #expect(throws: TerminalError.notATerminal("<stdout>")) {
      try TerminalSession.open(input: tty.terminal, output: fds[1], term: "xterm")
    }
  }

  @Test(arguments: [nil, "", "dumb"])
  func refusesATerminalThatCannotMoveTheCursor(_ term: String?) throws {
    let tty = try PseudoTerminal()
    let before = tty.settings
    #expect(throws: TerminalError.unsupportedTerminal(term)) { try start(tty, term: term) }
    #expect(same(tty.settings, before))
  }

  @Test func errorDescriptions() {
    #expect(TerminalError.notATerminal("<stdin>").description == "<stdin> is not a terminal")
    #expect(TerminalError.unsupportedTerminal(nil).description == "TERM is not set")
    #expect(
      TerminalError.unsupportedTerminal("dumb").description == "TERM=dumb cannot move the cursor")
  }

  // MARK: - Modes

  @Test func rawModeThenTheSettingsExactlyAsBefore() throws {
    let tty = try PseudoTerminal()
    let before = tty.settings
    let session = try start(tty)
    #expect(tty.read(until: "\u{1B}[?7l").hasPrefix("\u{1B}[?1049h\u{1B}[?25l"))
    let raw = tty.settings
    for flag in [ICANON, ECHO, ISIG, IEXTEN] { #expect(raw.c_lflag & tcflag_t(flag) == 0) }
    for flag in [ICRNL, IXON] { #expect(raw.c_iflag & tcflag_t(flag) == 0) }
    #expect(raw.c_oflag & tcflag_t(OPOST) != 0)
    #expect(session.size == TerminalSize(rows: 24, columns: 80))
    #expect(throws: TerminalError.alreadyOpen) { try start(tty) }
    session.close()
    #expect(tty.read(until: "\u{1B}[?1049l").contains("\u{1B}[?25h"))
    #expect(same(tty.settings, before))
    session.close()
    #expect(session.nextEvent() == .endOfInput)
  }

  @Test func releasingTheSessionRestoresToo() throws {
    let tty = try PseudoTerminal()
    let before = tty.settings
    do { _ = try start(tty) }
    #expect(same(tty.settings, before))
  }

  // MARK: - Events

  @Test func keysTimeoutsAndReadyDescriptors() throws {
    let tty = try PseudoTerminal()
    let session = try start(tty)
    defer { session.close() }
    tty.type(Array("\u{1B}[Aj".utf8))
    #expect(session.nextEvent() == .keys([.up, .character("j")]))
    #expect(session.nextEvent(timeout: .milliseconds(20)) == .timeout)
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer { for fd in fds { close(fd) } }
    _ = write(fds[1], "x", 1)
    #expect(session.nextEvent(watching: [fds[0]], timeout: .seconds(5)) == .ready(fds[0]))
  }

  @Test func aKeySplitAcrossReadsWaitsForItsRest() throws {
    let tty = try PseudoTerminal()
    let session = try start(tty)
    defer { session.close() }
    tty.type([0xE7, 0xB4])
    #expect(session.nextEvent(timeout: .milliseconds(50)) == .timeout)
    tty.type([0x85])
    #expect(session.nextEvent(timeout: .seconds(5)) == .keys([.character("紅")]))
  }

  @Test func endOfInputWhenTheTerminalIsGone() throws {
    var tty: PseudoTerminal? = try PseudoTerminal()
    let terminal = try #require(tty?.terminal)
    let (input, output) = (dup(terminal), dup(terminal))
    defer { for fd in [input, output] { close(fd) } }
    let session = try TerminalSession.open(input: input, output: output, term: "xterm")
    defer { session.close() }
    tty = nil
    #expect(session.nextEvent(timeout: .seconds(5)) == .endOfInput)
  }

  @Test func aResizeIsAnEventWithTheNewSize() throws {
    let tty = try PseudoTerminal()
    let session = try start(tty)
    defer { session.close() }
    tty.resize(rows: 30, columns: 100)
    kill(getpid(), SIGWINCH)
    #expect(session.nextEvent(timeout: .seconds(5)) == .resized(rows: 30, columns: 100))
    #expect(session.size == TerminalSize(rows: 30, columns: 100))
  }

  @Test func continuingEntersFullScreenAgainAndAsksForAFullRedraw() throws {
    let tty = try PseudoTerminal()
    let session = try start(tty)
    defer { session.close() }
    session.draw(TerminalFrame(lines: ["hello"]))
    _ = tty.read(until: "hello")
    kill(getpid(), SIGCONT)
    #expect(tty.read(until: "\u{1B}[?7l").contains("\u{1B}[?1049h"))
    #expect(session.nextEvent(timeout: .seconds(5)) == .resized(rows: 24, columns: 80))
    session.draw(TerminalFrame(lines: ["hello"]))
    #expect(tty.read(until: "hello").contains("\u{1B}[1;1Hhello"))
  }
}

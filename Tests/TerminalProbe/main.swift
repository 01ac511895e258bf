// A test helper: a full-screen program on PlistCore's TerminalSession, driven under tmux by
// the CLI tests. It shows the terminal's size and the keys it decoded, and redraws on every
// event; `q` quits (status 0), Ctrl-C quits (status 130), `!` crashes (a Swift trap). Not on
// a terminal, it prints one line on stderr and exits 1.
@preconcurrency import Glibc
import PlistCore

let term = getenv("TERM").map { String(cString: $0) }
let terminal: TerminalSession
do {
  terminal = try TerminalSession.open(term: term)
} catch {
  fputs("TerminalProbe: \(error)\n", stderr)
  exit(1)
}

var keys: [TerminalKey] = []
var events = 0

/// The screen: a header, the size, the last keys, a wide title clipped to the width, a
/// selected row in reverse video, and a footer on the last row.
func frame(size: TerminalSize, keys: [TerminalKey], events: Int) -> TerminalFrame {
  var lines: [StyledLine] = [
    StyledLine("TerminalProbe", style: .bold),
    "size \(size.columns)x\(size.rows)",
    StyledLine("keys: " + keys.map(\.description).joined(separator: " ")),
    "events: \(events) pid: \(getpid())",
    StyledLine("紅 綠 藍 " + String(repeating: "寬字元", count: 30)),
    StyledLine(runs: [StyledText("> selected", style: .reverse)], fill: .reverse),
  ]
  while lines.count < size.rows - 1 { lines.append("") }
  lines.append(StyledLine("q quits", style: .dim))
  return TerminalFrame(lines: lines)
}

var status: Int32 = 0
loop: while true {
  terminal.draw(frame(size: terminal.size, keys: keys, events: events))
  let event = terminal.nextEvent()
  events += 1
  switch event {
  case .keys(let pressed):
    keys = Array((keys + pressed).suffix(5))
    if pressed.contains(.character("q")) { break loop }
    if pressed.contains(.character("!")) { fatalError("crash on request") }
    if pressed.contains(.control("c")) {
      status = 130
      break loop
    }
  case .endOfInput:
    break loop
  case .resized, .ready, .timeout:
    continue
  }
}
terminal.close()
exit(status)

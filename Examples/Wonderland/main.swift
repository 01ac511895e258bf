// Wonderland: the books' state-restoration example as a terminal program. Two tabs — the
// book (Left and Right turn a page, PageUp and PageDown ten) and the characters (Up and Down
// select, Enter opens one, Escape closes it); Tab switches. `q` quits, Ctrl-Z suspends, `b`
// keeps it busy for a minute, deaf to everything, as a stuck app would be (a second SIGTERM
// still ends it).
//
// Where the reader was — tab, page, character — is preserved at every way out a Linux
// program has (quitting, SIGTERM, SIGHUP, SIGINT, a suspend) and restored at the next launch.
//
//   WONDERLAND_VERSION=V         the app's version (1.0); an archive saved by another is refused
//   WONDERLAND_SORT=reverse      lists the characters in reverse (the selection still lands)
//   WONDERLAND_CRASH_WHILE_RESTORING=1   crashes while restoring, as an app's bug would
@preconcurrency import Glibc
import PlistCore

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

let version = environment("WONDERLAND_VERSION") ?? "1.0"
let characters =
  environment("WONDERLAND_SORT") == "reverse" ? Array(allCharacters.reversed()) : allCharacters
let root = TabScreen(characters: characters)
root.book.crashWhileRestoring = environment("WONDERLAND_CRASH_WHILE_RESTORING") == "1"

let restoration: StateRestoration
let signals: ExitSignals
do {
  restoration = try StateRestoration(domain: "org.plistctl.Wonderland", version: version)
  signals = try ExitSignals.catching()
} catch {
  fputs("wonderland: \(error)\n", stderr)
  exit(1)
}
// Opting in twice: always save; restore only what this version saved.
restoration.shouldSave = { _ in true }
restoration.shouldRestore = { saved in saved.savedBy == version }

/// What the status line says about the launch.
let launch: String =
  switch restoration.restore(root) {
  case .restored(let saved, let skipped):
    "restored (saved by \(saved.savedBy))" + (skipped.isEmpty ? "" : ", skipped \(skipped)")
  case .nothingSaved: "fresh start"
  case .declined(let saved): "fresh start: state saved by \(saved.savedBy) not restored"
  case .discarded(.diedWhileRestoring): "fresh start: the last launch died restoring; state cleared"
  case .discarded(.unreadable(let problem)): "fresh start: unreadable state cleared (\(problem))"
  case .failed(let error): "fresh start: \(error)"
  }
restoration.preserveAtExit(root)

let terminal: TerminalSession
do {
  terminal = try TerminalSession.open(term: environment("TERM"))
} catch {
  fputs("wonderland: \(error)\n", stderr)
  exit(1)
}

@MainActor func frame(_ size: TerminalSize) -> TerminalFrame {
  let tabs = ["Book", "Characters"].enumerated().map { index, name in
    StyledText(" \(name) ", style: index == root.tab ? .reverse : [])
  }
  var lines = [StyledLine(runs: [StyledText("Wonderland ", style: .bold)] + tabs), ""]
  if root.tab == 0 {
    lines.append("Page \(root.book.page) of \(BookScreen.pages)")
    lines.append(StyledLine("Alice's Adventures in Wonderland", style: .dim))
  } else if let opened = root.list.opened {
    lines.append("Character: \(opened.character.name)")
    lines.append(StyledLine(opened.character.about))
  } else {
    for (index, character) in root.list.characters.enumerated() {
      let marker = index == root.list.selected ? "> " : "  "
      lines.append(
        StyledLine(marker + character.name, style: index == root.list.selected ? .reverse : []))
    }
  }
  while lines.count < size.rows - 2 { lines.append("") }
  lines.append(StyledLine(launch, style: .dim))
  lines.append(StyledLine("Tab switches · arrows move · Enter opens · q quits", style: .dim))
  return TerminalFrame(lines: lines)
}

/// Acts on one key; false to quit.
@MainActor func press(_ key: TerminalKey) -> Bool {
  switch key {
  case .character("q"), .control("c"): return false
  case .control("z"): ExitSignals.stopAsFromTerminal()
  case .character("b"):
    terminal.draw(TerminalFrame(lines: ["busy…"]))
    for _ in 0..<600 { usleep(100_000) }
  case .tab, .backTab: root.tab = 1 - root.tab
  case .right where root.tab == 0: root.book.turn(by: 1)
  case .left where root.tab == 0: root.book.turn(by: -1)
  case .pageDown where root.tab == 0: root.book.turn(by: 10)
  case .pageUp where root.tab == 0: root.book.turn(by: -10)
  case .down where root.tab == 1 && root.list.opened == nil: root.list.move(by: 1)
  case .up where root.tab == 1 && root.list.opened == nil: root.list.move(by: -1)
  case .enter where root.tab == 1:
    root.list.opened = CharacterScreen(root.list.characters[root.list.selected])
  case .escape, .backspace:
    if root.tab == 1 { root.list.opened = nil }
  default: break
  }
  return true
}

loop: while true {
  terminal.draw(frame(terminal.size))
  switch terminal.nextEvent(watching: [signals.descriptor]) {
  case .keys(let keys):
    for key in keys where !press(key) { break loop }
  case .ready:
    // SIGTERM, SIGHUP, SIGINT: preserved, then the process ends by the signal. A stop
    // (SIGTSTP, or Ctrl-Z above): preserved, then stopped; back here when continued.
    restoration.handle(signals, preserving: root)
  case .endOfInput:
    break loop
  case .resized, .timeout:
    continue
  }
}
terminal.close()
exit(0)  // preserveAtExit saves here

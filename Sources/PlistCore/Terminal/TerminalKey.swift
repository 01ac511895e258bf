/// A key the user pressed, decoded from the bytes a terminal sends.
///
/// Printable keys, the space bar included, are `.character`, so an editor matches vi keys
/// (`h` `j` `k` `l` `g` `G` `/` `q` `?`) and typed text alike. Keys a terminal sends in an
/// escape sequence have their own cases; modifiers on them (Ctrl-Right) are not told apart.
package enum TerminalKey: Hashable, Sendable, CustomStringConvertible {
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Enter or Return (`\r`, `\n`, Ctrl-M, Ctrl-J).
  case enter
  /// Escape: an ESC byte that does not start a key's sequence.
  case escape
  /// Tab (Ctrl-I).
  case tab
  /// Shift-Tab.
  case backTab
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Delete (forward delete).
  case delete
  /// A printable character, one grapheme cluster (`" "` for the space bar).
  case character(Character)
  /// Ctrl and a letter, as the lowercase letter: `control("c")` is Ctrl-C. Ctrl-H, Ctrl-I,
  /// Ctrl-J and Ctrl-M arrive as `.backspace`, `.tab` and `.enter` instead.
  case control(Character)

  /// The key's name as the tests and the probe show it: `up`, `pageDown`, `character(x)`,
  /// `control(c)`.
  package var description: String {
    switch self {
    case .up: return "up"
    case .down: return "down"
    case .left: return "left"
    case .right: return "right"
    case .home: return "home"
    case .end: return "end"
    case .pageUp: return "pageUp"
    case .pageDown: return "pageDown"
    case .enter: return "enter"
    case .escape: return "escape"
    case .tab: return "tab"
    case .backTab: return "backTab"
    case .backspace: return "backspace"
    case .delete: return "delete"
    case .character(let character): return "character(\(character))"
    case .control(let letter): return "control(\(letter))"
    }
  }
}

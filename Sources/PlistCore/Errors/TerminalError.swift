/// Why a full-screen terminal session cannot start. Callers say so in one line and point to
/// a command that prints instead (`settings show`).
package enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output, named `<stdin>` or `<stdout>`, is not a terminal.
  case notATerminal(String)
  /// `TERM` is unset (nil), empty or `dumb`: a terminal that cannot move the cursor.
  case unsupportedTerminal(String?)
  /// Another session is open in this process (there is one terminal).
  case alreadyOpen
  /// A system call on the terminal failed.
  case system(SystemError)

  /// One line, e.g. `<stdin> is not a terminal`.
  package var description: String {
    switch self {
    case .notATerminal(let stream): return "\(stream) is not a terminal"
    case .unsupportedTerminal(nil): return "TERM is not set"
    case .unsupportedTerminal(let term?):
      return term.isEmpty ? "TERM is empty" : "TERM=\(term) cannot move the cursor"
    case .alreadyOpen: return "a terminal session is already open"
    case .system(let error): return error.description
    }
  }
}

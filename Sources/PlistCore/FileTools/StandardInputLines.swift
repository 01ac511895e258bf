/// Standard input read a line at a time, for PlistBuddy's shell: each command runs as soon
/// as its line is typed (a pipe's lines are read the same way, in chunks). A line longer
/// than `longest` bytes comes back as its first `longest` bytes and the rest is dropped, so
/// input without line feeds cannot grow memory without bound, nor a cut line's tail run as
/// a command of its own; the shell refuses a line of that length.
package enum StandardInputLines {
  package static let longest = 1 << 20
  nonisolated(unsafe) private static var pending: [UInt8] = []
  nonisolated(unsafe) private static var atEnd = false
  /// Dropping the rest of a line that was too long.
  nonisolated(unsafe) private static var dropping = false

  /// The next line without its line feed, nil at the end of the input.
  package static func next() -> [UInt8]? {
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = Array(pending[..<newline])
        pending.removeFirst(newline + 1)
        if dropping {
          dropping = false
          continue
        }
        return line
      }
      if dropping {
        pending.removeAll()
      } else if pending.count >= longest {
        let line = Array(pending.prefix(longest))
        pending.removeAll()
        dropping = true
        return line
      }
      if atEnd {
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll() }
        return pending
      }
      guard let chunk = Platform.readAvailable(Platform.standardInput) else {
        atEnd = true
        continue
      }
      // Nothing yet from an input that does not block: wait for some rather than spin.
      if chunk.isEmpty {
        _ = Platform.waitForReadable([Platform.standardInput], timeoutMilliseconds: nil)
      }
      pending += chunk
    }
  }
}

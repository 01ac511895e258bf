/// All help text in one place.
enum Usage {
  static let lines: [(command: String, synopsis: String)] = [
    ("convert", "convert FORMAT FILE [-o OUT | --in-place] [--compact]"),
    ("lint", "lint FILE..."),
    ("print", "print FILE"),
    ("help", "help [COMMAND]"),
  ]

  static let overview = """
    plistctl: property lists on Linux, in every format.

    Usage:
      plistctl convert FORMAT FILE [-o OUT | --in-place] [--compact]
                                   convert a plist; FORMAT is xml, binary, openstep or json
                                   (plutil's xml1 and binary1 too). FILE - reads stdin; the
                                   result goes to stdout unless -o names a file (written
                                   atomically) or --in-place rewrites FILE itself
      plistctl lint FILE...        check that each file parses; prints "FILE: OK"
      plistctl print FILE          show a plist as `defaults read` prints values
      plistctl help [COMMAND]      this text, or one command's usage
      plistctl --version           the version

    Input may be XML, binary, OpenStep (including .strings files) or JSON; the format is
    detected. Exit status: 0 success, 1 not found or refused, 2 a file or stream that cannot
    be read, parsed or written, 64 bad usage.
    """

  /// The one-line hint printed under a usage error.
  static func hint(for topic: String?) -> String {
    if let topic, let line = lines.first(where: { $0.command == topic }) {
      return "usage: plistctl \(line.synopsis)"
    }
    return "usage: plistctl COMMAND ARGUMENTS... (see 'plistctl help')"
  }
}

/// All help text in one place.
enum Usage {
  static let lines: [(command: String, synopsis: String)] = [
    ("read", "read [DOMAIN [KEY]]"),
    ("read-type", "read-type DOMAIN KEY"),
    ("write", "write DOMAIN KEY VALUE  |  write DOMAIN 'PLIST'"),
    ("rename", "rename DOMAIN OLD_KEY NEW_KEY"),
    ("delete", "delete DOMAIN [KEY]"),
    ("remove", "remove DOMAIN [KEY]"),
    ("domains", "domains"),
    ("find", "find WORD"),
    ("export", "export DOMAIN PATH|-"),
    ("import", "import DOMAIN PATH|-"),
    ("convert", "convert FORMAT FILE [-o OUT | --in-place] [--compact]"),
    ("lint", "lint FILE..."),
    ("print", "print FILE"),
    ("help", "help [COMMAND]"),
  ]

  static let overview = """
    plistctl: the defaults command for Linux, and plutil's jobs.

    Usage: plistctl [-currentHost | -host HOST] COMMAND ...

      read                         every domain
      read DOMAIN                  one domain
      read DOMAIN KEY              one value
      read-type DOMAIN KEY         the value's type
      write DOMAIN KEY VALUE       set a key
      write DOMAIN 'PLIST'         replace the domain with a dictionary
      rename DOMAIN OLD NEW        rename a key
      delete DOMAIN [KEY]          delete a key, or the whole domain (alias: remove)
      domains                      list the domains
      find WORD                    keys whose domain, name or text contains WORD
      export DOMAIN PATH|-         XML to standard output for -, binary to PATH
      import DOMAIN PATH|-         merge a plist (XML, binary, OpenStep or JSON) into DOMAIN

      convert FORMAT FILE [-o OUT | --in-place] [--compact]
                                   FORMAT: xml, binary, openstep, json (xml1, binary1 too);
                                   FILE - is standard input; output to standard output
                                   unless -o names a file (written atomically)
      lint FILE...                 check that each file parses ("FILE: OK")
      print FILE                   show any plist as `defaults read` shows values
      help [COMMAND]               this text, or one command's usage
      --version                    the version

    DOMAIN is a name (com.example.app), -g / -globalDomain / NSGlobalDomain, or a path to a
    plist file (with a / or starting with ~ or .; .plist may be left off). Domains live in
    $XDG_CONFIG_HOME, else ~/.config, as <domain>.plist: the files Foundation's UserDefaults
    uses on Linux. -currentHost and -host select the files under ByHost/.

    VALUE is a plist literal (a plain word is a string; '(a, b)', '{k = v;}', '<0a0b>',
    '<integer>5</integer>') or one of:
      -string S   -data HEX   -int[eger] N   -float X   -bool[ean] true|false|yes|no
      -date '2024-01-02 03:04:05 +0000'   -array V...   -array-add V...
      -dict K V ...   -dict-add K V ...

    Exit status: 0 success, 1 not found or refused, 2 a file or stream that cannot be read,
    parsed or written, 64 bad usage.
    """

  /// The one-line hint printed under a usage error.
  static func hint(for topic: String?) -> String {
    if let topic, let line = lines.first(where: { $0.command == topic }) {
      return "usage: plistctl \(line.synopsis)"
    }
    return "usage: plistctl [-currentHost | -host HOST] COMMAND ... (see 'plistctl help')"
  }
}

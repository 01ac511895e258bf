/// All help text in one place.
enum Usage {
  static let lines: [(command: String, synopsis: String)] = [
    ("read", "read [--format F | --json | --xml] [DOMAIN [KEY]]"),
    ("read-type", "read-type DOMAIN KEY"),
    ("write", "write [--deep] DOMAIN KEY VALUE  |  write DOMAIN 'PLIST'"),
    ("rename", "rename DOMAIN OLD_KEY NEW_KEY"),
    ("delete", "delete DOMAIN [KEY]"),
    ("remove", "remove DOMAIN [KEY]"),
    ("domains", "domains [--json | --lines]"),
    ("find", "find [--json] WORD"),
    ("export", "export [--format F | --json | --xml] DOMAIN PATH|-"),
    ("import", "import [--replace] DOMAIN PATH|-"),
    ("watch", "watch DOMAIN [KEY]"),
    ("keys", "keys DOMAIN [KEY]"),
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
      domains                      list the domains (--json, --lines: one per line)
      find WORD                    keys whose domain, name or text contains WORD (--json)
      export DOMAIN PATH|-         XML to standard output for -, binary to PATH
      import DOMAIN PATH|-         merge a plist (XML, binary, OpenStep or JSON) into DOMAIN;
                                   --replace makes it the whole domain
      watch DOMAIN [KEY]           print each change as it happens, as a plistctl command
      keys DOMAIN [KEY]            the keys of a domain or a dictionary, one per line

    KEY is a key, or a path into nested values when it starts with ':' (:Location:lat,
    :apps:0:label; \\: is a colon inside a key). write creates missing dictionaries, and an
    index equal to an array's length appends.

    read and export take --format defaults|xml|binary|openstep|json, or --json, --xml.
    JSON writes dates as ISO 8601 strings and data as base64, in full.

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
      -date '2024-01-02 03:04:05 +0000'   -json '{"typed": [1, 2.5, true]}'
      -array V...   -array-add V...   -dict K V ...   -dict-add K V ...
    write --deep makes -dict-add merge nested dictionaries instead of replacing them.

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

import PlistCore

/// The help texts, generated from the commands' specs, plus the prose that explains the
/// arguments all commands share.
enum Usage {
  static let header = """
    plistctl: the defaults command for Linux, and plutil's jobs.

    Usage: plistctl [-currentHost | -host HOST] [--container C] COMMAND ...
    """

  static let sharedArguments = """
    KEY is a key, or a path into nested values when it starts with ':' (:Location:lat,
    :apps:0:label; \\: is a colon inside a key). write creates missing dictionaries, and an
    index equal to an array's length appends.

    DOMAIN is a name (com.example.app), -g / -globalDomain / NSGlobalDomain, or a path to a
    plist file (with a / or starting with ~ or .; .plist may be left off). Domains live in
    $XDG_CONFIG_HOME, else ~/.config, as <domain>.plist: the files Foundation's UserDefaults
    uses on Linux. -currentHost and -host select the files under ByHost/. A name the host
    has no file of is looked for in sandboxed apps' containers (Flatpak's ~/.var/app/ID/config,
    Snap's ~/snap/NAME/current/.config); --container host|flatpak:ID|snap:NAME chooses.

    VALUE is a plist literal (a plain word is a string; '(a, b)', '{k = v;}', '<0a0b>',
    '<integer>5</integer>') or one of:
      -string S   -data HEX   -int[eger] N   -float X   -bool[ean] true|false|yes|no
      -date '2024-01-02 03:04:05 +0000'   -json '{"typed": [1, 2.5, true]}'
      -array V...   -array-add V...   -dict K V ...   -dict-add K V ...

    Output formats (read, export, convert): defaults (read's layout), xml, binary, openstep,
    json. JSON writes dates as ISO 8601 strings and data as base64, in full.

    Exit status: 0 success, 1 not found or refused, 2 a file or stream that cannot be read,
    parsed or written, 64 bad usage.
    """

  /// `plistctl --help`: every command's forms with a summary, then the shared arguments.
  static var overview: String {
    var lines = [header, ""]
    for command in Plistctl.commands {
      let spec = command.spec
      let forms = spec.forms.isEmpty ? [(spec.synopsis, spec.summary)] : spec.formLines
      for (usage, summary) in forms { lines += column(usage, summary) }
    }
    for mode in modes { lines += column(mode.usage, mode.summary) }
    lines.append("  --version                    the version")
    return (lines + ["", sharedArguments]).joined(separator: "\n")
  }

  /// The two compatibility modes: not commands with specs (each reads its own tool's
  /// arguments), but listed, completed and helped alongside them.
  static let modes = [
    (
      word: "plutil", usage: "plutil ARGS...",
      summary: "macOS plutil's command line (also as a link named plutil)"
    ),
    (
      word: "buddy", usage: "buddy ARGS...",
      summary: "PlistBuddy's command line (also as a link named PlistBuddy)"
    ),
  ]

  /// `plistctl help plutil|buddy`: the mode's own help.
  static func help(forMode word: String) -> String? {
    switch word {
    case "plutil": return PlutilMode.help
    case "buddy": return BuddyMode.usage + "\n" + BuddySession.help
    default: return nil
    }
  }

  /// `plistctl help COMMAND`: the usage line, what it does, its options and examples.
  static func help(for spec: CommandSpec) -> String {
    var lines = ["usage: plistctl \(spec.synopsis)", "", spec.summary.capitalizedFirst + "."]
    let aliases = spec.aliases.map { "'\($0)'" }.joined(separator: ", ")
    if !aliases.isEmpty { lines.append("Also invoked as \(aliases).") }
    if !spec.forms.isEmpty {
      lines.append("")
      for (usage, summary) in spec.formLines { lines += column(usage, summary) }
    }
    if !spec.options.isEmpty {
      lines += ["", "Options:"]
      for option in spec.options { lines += column(option.label, option.help) }
    }
    if !spec.examples.isEmpty {
      lines += ["", "Examples:"]
      for (command, comment) in spec.exampleLines {
        lines.append("  plistctl \(command)")
        lines.append("      # \(comment)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `plistctl help settings`: a group's subcommands, each with its forms and summary.
  static func help(forGroup group: String) -> String {
    var lines = ["usage: plistctl \(group) SUBCOMMAND ...", ""]
    for command in Plistctl.commands where command.spec.name.hasPrefix(group + " ") {
      lines += column(command.spec.synopsis, command.spec.summary)
    }
    lines += ["", "See 'plistctl help \(group) SUBCOMMAND' for one subcommand's options."]
    return lines.joined(separator: "\n")
  }

  /// The one-line hint printed under a usage error.
  static func hint(for topic: String?) -> String {
    if let topic, let command = Plistctl.command(named: topic) {
      return "usage: plistctl \(command.spec.synopsis)"
    }
    if let topic, Plistctl.commandGroups.contains(topic) {
      return "usage: plistctl \(topic) SUBCOMMAND ... (see 'plistctl help \(topic)')"
    }
    return
      "usage: plistctl [-currentHost | -host HOST] [--container C] COMMAND ... (see 'plistctl help')"
  }

  /// Two columns: the left one 29 wide, the right one on the next line when the left is long.
  private static func column(_ left: String, _ right: String) -> [String] {
    let width = 29
    if left.count < width {
      return ["  " + left + String(repeating: " ", count: width - left.count) + right]
    }
    return ["  " + left, "  " + String(repeating: " ", count: width) + right]
  }
}

extension String {
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

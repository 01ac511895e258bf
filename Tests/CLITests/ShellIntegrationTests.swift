import Foundation
import PlistCore
import TestSupport
import Testing

@testable import plistctl

/// The completion scripts in real shells, and the man page against the commands' specs.
@Suite("Completion scripts and man page")
struct ShellIntegrationTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func script(_ name: String) -> String {
    repository.appendingPathComponent("completions/\(name)").path
  }

  /// The environment of a shell that finds the built plistctl first on its `PATH`.
  static func environment(_ box: Sandbox) -> [String: String] {
    var environment = box.environment
    environment["PATH"] = CLI.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
    return environment
  }

  static func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    _ = try box.ok("write", "com.example.one", "Quit When Finished", "-bool", "yes")
    _ = try box.ok("write", "com.example.one", ":HPLocation:lat", "-float", "52.5")
    _ = try box.ok("-currentHost", "write", "host.only", "k", "1")
    return box
  }

  // MARK: - bash's function, called as bash calls it

  /// What `_plistctl` puts in COMPREPLY for a line, the cursor at its end; `word` is the word
  /// bash completes (the line's last, or its end after a `:`, which bash splits words at).
  static func bash(_ line: String, word: String? = nil, _ box: Sandbox) throws -> [String] {
    let word =
      word ?? String(line.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
    let driver =
      "source \"$0\"; COMP_LINE=$1; COMP_POINT=${#1}; COMP_WORDS=(\"$2\"); COMP_CWORD=0; "
      + "_plistctl; printf '%s\\n' \"${COMPREPLY[@]}\""
    let result = try CLI.runProcess(
      ["-c", driver, script("plistctl.bash"), line, word], environment: environment(box),
      program: try ExternalTool.require("bash", package: "bash"))
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashGetsKeysQuotedAndKeyPathsAfterItsColons() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    #expect(
      try Self.bash("plistctl re", box) == ["read", "read-type", "rename", "remove", "reset"])
    #expect(
      try Self.bash("plistctl read com.example.one Q", box) == ["Quit\\ When\\ Finished"])
    #expect(
      try Self.bash("plistctl read com.example.one \"Q", box) == ["\"Quit When Finished\""])
    #expect(try Self.bash("plistctl read com.example.one :HPLocation:l", word: "l", box) == ["lat"])
    #expect(try Self.bash("plistctl -currentHost read h", box) == ["host.only"])
    #expect(
      try Self.bash("plistctl read ", box).suffix(3) == ["-g", "-globalDomain", "NSGlobalDomain"])
  }

  /// The links: bash's function for them asks as `plistctl plutil` / `plistctl buddy`.
  static func bashMode(_ line: String, _ box: Sandbox) throws -> [String] {
    let word = String(line.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
    let command = String(line.prefix { $0 != " " })
    let driver =
      "source \"$0\"; COMP_LINE=$1; COMP_POINT=${#1}; COMP_WORDS=(\"$3\" \"$2\"); COMP_CWORD=1; "
      + "_plistctl_mode; printf '%s\\n' \"${COMPREPLY[@]}\""
    let result = try CLI.runProcess(
      ["-c", driver, script("plistctl.bash"), line, word, command], environment: environment(box),
      program: try ExternalTool.require("bash", package: "bash"))
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesTheLinksAsTheirModes() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    #expect(try Self.bashMode("plutil -re", box) == ["-replace", "-remove"])
    #expect(try Self.bashMode("plutil -convert b", box) == ["binary1"])
    #expect(try Self.bashMode("plutil -insert k -b", box) == ["-bool"])
    #expect(try Self.bashMode("/usr/libexec/PlistBuddy -c Se", box) == ["Set"])
    #expect(try Self.bashMode("PlistBuddy -", box) == ["-c", "-x", "-h"])
  }

  @Test func bashOffersFileNamesWhereAFileGoes() throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let file = box.directory.path("some file.plist")
    try Data("<plist><dict/></plist>".utf8).write(to: URL(fileURLWithPath: file))
    #expect(try Self.bash("plistctl lint \(box.directory.path("some"))", box) == [file])
  }

  // MARK: - Syntax

  @Test func bashReadsItsScript() throws {
    let bash = try ExternalTool.require("bash", package: "bash")
    let result = try CLI.runProcess(["-n", Self.script("plistctl.bash")], program: bash)
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test(.enabled(if: ExternalTool.isInstalled("zsh"), "zsh is not installed"))
  func zshReadsItsScript() throws {
    let zsh = try ExternalTool.require("zsh", package: "zsh")
    let result = try CLI.runProcess(["-n", Self.script("_plistctl")], program: zsh)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test(.enabled(if: ExternalTool.isInstalled("fish"), "fish is not installed"))
  func fishReadsItsScript() throws {
    let fish = try ExternalTool.require("fish", package: "fish")
    let result = try CLI.runProcess(["-n", Self.script("plistctl.fish")], program: fish)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
  }

  // MARK: - Real shells, with Tab pressed

  /// Types `line` into an interactive shell with plistctl's completion loaded, presses Tab,
  /// and waits for the line to read `completed`.
  static func pressTab(
    in shell: String, arguments: [String], environment extra: [String: String] = [:],
    lines: [(typed: String, completed: String)]
  ) async throws {
    let box = try Self.sandbox()
    defer { box.remove() }
    let program = try ExternalTool.require(shell, package: shell)
    var environment = Self.environment(box)
    environment.merge(extra) { $1 }
    let tmux = try await Tmux.start(program, arguments, environment: environment, columns: 150)
    defer { tmux.kill() }
    // tmux leaves out trailing blanks: the prompt `$ ` shows as `$`.
    try await tmux.waitFor("the prompt") { $0.contains { $0.hasPrefix("$") } }
    for (typed, completed) in lines {
      try tmux.type(typed)
      try tmux.sendKeys("Tab")
      try await tmux.waitFor("\(shell) to complete \(typed)") { screen in
        screen.contains { $0.hasSuffix(completed) || $0.hasSuffix(completed + " ") }
      }
      try tmux.sendKeys("C-u")
    }
  }

  static let tabLines = [
    ("plistctl read com.example.one Qu", "plistctl read com.example.one Quit\\ When\\ Finished"),
    (
      "plistctl read com.example.one :HPLocation:l", "plistctl read com.example.one :HPLocation:lat"
    ),
    ("plistctl settings desc", "plistctl settings describe"),
    // The links named as the tools, and the modes.
    ("plutil -conv", "plutil -convert"), ("PlistBuddy -c Pri", "PlistBuddy -c Print"),
    ("plistctl plutil -extract K r", "plistctl plutil -extract K raw"),
  ]

  @Test func bashCompletesWhenTabIsPressed() async throws {
    let rc = try TemporaryDirectory()
    defer { rc.remove() }
    let bashrc = "source '\(Self.script("plistctl.bash"))'; PS1='$ '\n"
    try Data(bashrc.utf8).write(to: rc.url.appendingPathComponent("rc"))
    try await Self.pressTab(
      in: "bash", arguments: ["--noprofile", "--rcfile", rc.path("rc"), "-i"], lines: Self.tabLines)
  }

  @Test(.enabled(if: ExternalTool.isInstalled("zsh"), "zsh is not installed"))
  func zshCompletesWhenTabIsPressed() async throws {
    let rc = try TemporaryDirectory()
    defer { rc.remove() }
    let zshrc = """
      fpath=('\(Self.repository.appendingPathComponent("completions").path)' $fpath)
      autoload -Uz compinit && compinit -u -D
      PS1='$ '

      """
    try Data(zshrc.utf8).write(to: rc.url.appendingPathComponent(".zshrc"))
    try await Self.pressTab(
      in: "zsh", arguments: ["-d", "-i"], environment: ["ZDOTDIR": rc.url.path],
      lines: Self.tabLines)
  }

  @Test(.enabled(if: ExternalTool.isInstalled("fish"), "fish is not installed"))
  func fishCompletesWhenTabIsPressed() async throws {
    let setup =
      "source '\(Self.script("plistctl.fish"))'; function fish_prompt; echo -n '$ '; end; "
      + "set -g fish_greeting"
    try await Self.pressTab(
      in: "fish", arguments: ["--no-config", "-C", setup], lines: Self.tabLines)
  }

  // MARK: - The man page

  /// The man page as `man` shows it, as plain text, lines as long as they need to be, and
  /// groff's warnings.
  static func renderManPage() throws -> (text: String, warnings: String, status: Int32) {
    // -P-cbou: plain text, without bold, underline or overstrike sequences.
    let page = repository.appendingPathComponent("docs/plistctl.1").path
    let result = try CLI.runProcess(
      ["-man", "-Tutf8", "-ww", "-P-cbou", "-rLL=300n", page],
      program: try ExternalTool.require("groff", package: "groff-base"))
    return (result.stdout, result.stderr, result.status)
  }

  @Test func theManPageRendersWithoutWarnings() throws {
    let (rendered, warnings, status) = try Self.renderManPage()
    #expect(status == 0)
    #expect(warnings.isEmpty, "\(warnings)")
    for section in ["NAME", "SYNOPSIS", "COMMANDS", "KEYS", "VALUES", "EXIT STATUS", "FILES"] {
      #expect(rendered.contains("\n\(section)\n"), "\(section)")
    }
  }

  /// The man page's sections, by heading, each as its lines.
  static func sections(_ page: String) -> [String: [String]] {
    var sections: [String: [String]] = [:]
    var heading = ""
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if let first = line.first, first != " " {
        heading = String(line)
      } else {
        sections[heading, default: []].append(String(line))
      }
    }
    return sections
  }

  /// COMMANDS' entries: each heading line (`read [--format format | …] [domain [key]]`) with
  /// the text under it.
  static func commandEntries(_ page: String) -> [(heading: String, text: String)] {
    var entries: [(heading: String, text: String)] = []
    for line in sections(page)["COMMANDS", default: []] where !line.isEmpty {
      let indented = line.prefix { $0 == " " }.count
      let text = line.trimmingCharacters(in: .whitespaces)
      if indented <= 7 || entries.isEmpty {
        entries.append((text, text))
      } else {
        entries[entries.count - 1].text += " " + text
      }
    }
    return entries
  }

  /// Whether `text` has `word` as a whole word (not part of a longer option or name).
  static func hasWord(_ text: String, _ word: String) -> Bool {
    let wordCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
    var rest = text[...]
    while let range = rest.range(of: word) {
      let before =
        range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      let bounded = { (c: Character?) in
        c.map { !$0.unicodeScalars.allSatisfy(wordCharacters.contains) } ?? true
      }
      if bounded(before) && bounded(after) { return true }
      rest = text[range.upperBound...]
    }
    return false
  }

  /// The man page has an entry for every command the help lists, headed by its name, and
  /// that entry names each of its options and aliases; the global options, every value
  /// flag `write` takes, and the ByHost file names are there too. Help is generated from
  /// the specs, so a new command fails this until the page describes it.
  @Test func theManPageDescribesEveryCommandAndOptionTheHelpLists() throws {
    let page = try Self.renderManPage().text
    let entries = Self.commandEntries(page)
    for command in Plistctl.commands {
      let spec = command.spec
      let own = entries.filter { entry in
        entry.heading.hasPrefix(spec.name + " ") || entry.heading == spec.name
          || entry.heading.contains(", \(spec.name) ") || entry.heading.contains("| \(spec.name) ")
      }
      #expect(!own.isEmpty, "no entry in COMMANDS headed '\(spec.name)'")
      let text = own.map(\.text).joined(separator: " ")
      for alias in spec.aliases { #expect(Self.hasWord(text, alias), "\(spec.name): \(alias)") }
      for option in spec.options {
        #expect(Self.hasWord(text, "--" + option.name), "\(spec.name): --\(option.name)")
        if let short = option.short {
          #expect(Self.hasWord(text, "-\(short)"), "\(spec.name): -\(short)")
        }
      }
    }
    for word in ["-currentHost", "-host", "--help", "--version", "-g", "-globalDomain"] {
      #expect(Self.hasWord(page, word), "\(word)")
    }
    let values = Self.sections(page)["VALUES", default: []].joined(separator: " ")
    for flag in WriteArguments.flags { #expect(Self.hasWord(values, flag), "VALUES: \(flag)") }
    #expect(page.contains("ByHost/D.id.plist") && page.contains("/etc/machine-id"))
  }
}

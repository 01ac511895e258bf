import Foundation
import Testing

@testable import plistctl

/// The bash completion function, driven as bash drives it, and the man page.
@Suite("Completion and man page")
struct ShellIntegrationTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The candidates `_plistctl` offers for a command line (the last word is being typed).
  static func complete(_ words: [String], _ box: Sandbox) throws -> [String] {
    let script = repository.appendingPathComponent("completions/plistctl.bash").path
    let driver =
      "source \"$0\"; COMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); _plistctl; "
      + "printf '%s\\n' \"${COMPREPLY[@]}\""
    var environment = box.environment
    environment["PATH"] = CLI.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
    let result = try CLI.runProcess(
      ["-c", driver, script] + words, environment: environment,
      program: URL(fileURLWithPath: "/bin/bash"))
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsDomainsKeysAndFlags() throws {
    let box = try Sandbox()
    defer { box.remove() }
    _ = try box.ok("write", "com.example.one", "Key One", "1")
    _ = try box.ok("write", "com.example.one", "Other", "1")
    _ = try box.ok("write", "org.two", "k", "1")
    _ = try box.ok("-currentHost", "write", "host.only", "k", "1")
    #expect(
      try Self.complete(["plistctl", "re"], box) == [
        "read", "read-type", "rename", "remove", "reset",
      ])
    #expect(
      try Self.complete(["plistctl", "read", ""], box) == [
        "com.example.one", "org.two", "-g", "NSGlobalDomain",
      ])
    #expect(try Self.complete(["plistctl", "delete", "com."], box) == ["com.example.one"])
    #expect(
      try Self.complete(["plistctl", "-currentHost", "read", ""], box) == [
        "host.only", "-g", "NSGlobalDomain",
      ])
    #expect(
      try Self.complete(["plistctl", "read", "com.example.one", ""], box) == ["Key One", "Other"])
    #expect(
      try Self.complete(["plistctl", "write", "com.example.one", "Other", "-a"], box) == [
        "-array", "-array-add",
      ])
    #expect(try Self.complete(["plistctl", "read", "--format", "j"], box) == ["json"])
    #expect(try Self.complete(["plistctl", "domains", "--"], box) == ["--json", "--lines"])
    #expect(try Self.complete(["plistctl", "convert", "b"], box) == ["binary", "binary1"])
    #expect(
      try Self.complete(["plistctl", "settings", "d"], box) == ["defaults", "detach", "describe"])
    #expect(
      try Self.complete(["plistctl", "settings", "show", "--"], box) == [
        "--lang", "--show-secrets",
      ])
    #expect(try Self.complete(["plistctl", "settings", "show", "org"], box) == ["org.two"])
    #expect(
      try Self.complete(["plistctl", "settings", "describe", "org.two", ""], box) == ["k"])
  }

  /// The man page as `man` shows it, as plain text, and groff's warnings.
  static func renderManPage() throws -> (text: String, warnings: String, status: Int32) {
    // -P-cbou: plain text, without bold, underline or overstrike sequences.
    let page = repository.appendingPathComponent("docs/plistctl.1").path
    let result = try CLI.runProcess(
      ["-man", "-Tutf8", "-ww", "-P-cbou", page], program: URL(fileURLWithPath: "/usr/bin/groff"))
    return (result.stdout, result.stderr, result.status)
  }

  @Test func theManPageRendersWithoutWarnings() throws {
    let (rendered, warnings, status) = try Self.renderManPage()
    #expect(status == 0)
    #expect(warnings.isEmpty, "\(warnings)")
    for section in ["NAME", "SYNOPSIS", "COMMANDS", "KEYS", "EXIT STATUS"] {
      #expect(rendered.contains(section))
    }
  }

  /// Help is generated from the commands' specs; the man page and the three completion
  /// scripts are written by hand, so this keeps them from drifting: every verb and every
  /// option a spec declares appears in each.
  @Test func theManPageAndTheCompletionsNameEveryCommandAndOption() throws {
    let page = try Self.renderManPage().text
    let scripts = try ["plistctl.bash", "_plistctl", "plistctl.fish"].map { name in
      (
        name,
        try String(
          contentsOf: Self.repository.appendingPathComponent("completions/\(name)"), encoding: .utf8
        )
      )
    }
    for command in Plistctl.commands {
      let spec = command.spec
      for verb in spec.verbs {
        #expect(page.contains(verb), "man page: \(verb)")
        // `settings show`: the scripts offer the group, then the subcommand.
        for word in verb.split(separator: " ") {
          for (name, script) in scripts { #expect(script.contains(word), "\(name): \(word)") }
        }
      }
      for option in spec.options {
        #expect(page.contains("--\(option.name)"), "man page: \(spec.name) --\(option.name)")
        for (name, script) in scripts {
          #expect(script.contains(option.name), "\(name): \(spec.name) --\(option.name)")
        }
      }
    }
  }
}

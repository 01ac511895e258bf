import Foundation
import Testing

/// The few things only a real process shows: exit statuses as a shell sees them, standard
/// input and output as pipes, and output that starts streaming before the value is done.
@Suite("End to end (the binary)")
struct EndToEndTests {
  @Test func exitStatusesAsTheShellSeesThem() throws {
    let box = try Sandbox()
    defer { box.remove() }
    #expect(try box.runProcess("write", "d", "k", "-int", "1").status == 0)
    #expect(try box.runProcess("read", "d", "k").stdout == "1\n")
    #expect(try box.runProcess("read", "d", "missing").status == 1)
    #expect(try box.runProcess("print", box.directory.path("nothing")).status == 2)
    let usage = try box.runProcess("read", "--bogus")
    #expect(usage.status == 64)
    #expect(
      usage.stderr
        == "plistctl: unknown option '--bogus'\nusage: plistctl read [--effective [--show-source]] "
        + "[--format F | --json | --xml] [DOMAIN [KEY]]\n"
    )
    #expect(try box.runProcess("--version").stdout.hasPrefix("plistctl "))
  }

  @Test func standardInputAndOutputArePipes() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let imported = try box.runProcess("import", "d", "-", stdin: "{ a = (1, 2); b = x; }")
    #expect(imported.status == 0, "\(imported.stderr)")
    let binary = try box.runProcess("export", "--format", "binary", "d", "-")
    #expect(binary.stdoutBytes.starts(with: Array("bplist00".utf8)))
    let json = try CLI.runProcess(["convert", "json", "-"], stdin: binary.stdoutBytes)
    #expect(json.stdout == "{\n  \"a\": [\n    \"1\",\n    \"2\"\n  ],\n  \"b\": \"x\"\n}\n")
  }
}

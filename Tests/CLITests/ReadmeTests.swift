import Foundation
import TestSupport
import Testing

/// README's shell examples work as pasted: each ```` ```sh ```` block runs, line by line, on
/// an empty configuration (its own `XDG_CONFIG_HOME` and `HOME`), in a temporary directory
/// that looks like a clone's top directory, with the built plistctl first on `PATH`. Every
/// command must succeed, except those whose comment says `# refused`, which must fail. A
/// block that builds, installs or never ends is marked above its fence:
/// `<!-- not run by ReadmeTests: why -->`.
@Suite("README's examples")
struct ReadmeTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// One ```` ```sh ```` block: where it starts in README.md, its lines, and why it is not
  /// run, if it is not.
  struct Block: CustomTestStringConvertible, Sendable {
    let line: Int
    let lines: [String]
    let skipped: String?

    var testDescription: String { "README.md:\(line)" }
  }

  static let marker = "<!-- not run by ReadmeTests:"

  /// The README's shell blocks, in order.
  static func blocks(_ text: String) -> [Block] {
    var blocks: [Block] = []
    var current: (line: Int, lines: [String], skipped: String?)?
    var previous = ""
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      if var block = current {
        if line.hasPrefix("```") {
          blocks.append(Block(line: block.line, lines: block.lines, skipped: block.skipped))
          current = nil
        } else {
          block.lines.append(line)
          current = block
        }
      } else if line == "```sh" {
        let skipped =
          previous.hasPrefix(marker)
          ? previous.dropFirst(marker.count).replacingOccurrences(of: "-->", with: "")
            .trimmingCharacters(in: .whitespaces) : nil
        current = (index + 1, [], skipped)
      }
      previous = line
    }
    return blocks
  }

  static let readme =
    (try? String(
      contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
  static let runnable = blocks(readme).filter { $0.skipped == nil }

  /// Runs blocks one after the other in one new sandbox and returns, per block, the lines
  /// that failed (by their index in the block), and what the shell printed.
  static func run(_ blocks: [Block]) throws -> (failed: [[Int]], output: String) {
    let box = try Sandbox()
    defer { box.remove() }
    let work = box.directory.url.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    for entry in try FileManager.default.contentsOfDirectory(atPath: repository.path)
    where !entry.hasPrefix(".") {
      try FileManager.default.createSymbolicLink(
        at: work.appendingPathComponent(entry),
        withDestinationURL: repository.appendingPathComponent(entry))
    }
    // Each failing command appends its line; pipefail makes a failing plistctl before a
    // pipe count.
    let failures = box.directory.path("failures")
    let header = ["set -o pipefail", "trap 'echo $LINENO >>\"$FAILURES\"' ERR"]
    let script = header + blocks.flatMap(\.lines)
    var environment = box.environment
    environment["PATH"] = CLI.executable.deletingLastPathComponent().path + ":/usr/bin:/bin"
    environment["FAILURES"] = failures
    let result = try CLI.runProcess(
      ["120", "bash", "-c", script.joined(separator: "\n")], environment: environment,
      directory: work, program: try ExternalTool.require("timeout", package: "coreutils"))
    #expect(result.status != 124, "README's examples ran for two minutes")
    let lines = ((try? String(contentsOfFile: failures, encoding: .utf8)) ?? "")
      .split(separator: "\n").compactMap { Int($0) }
    var failed: [[Int]] = []
    var start = header.count + 1
    for block in blocks {
      let range = start..<(start + block.lines.count)
      failed.append(Set(lines.filter(range.contains)).map { $0 - start }.sorted())
      start = range.upperBound
    }
    return (failed, result.stdout + result.stderr)
  }

  /// The lines of a block that must fail: those whose comment says they are refused.
  static func refused(_ block: Block) -> [Int] {
    block.lines.indices.filter { block.lines[$0].contains("# refused") }
  }

  @Test(arguments: runnable)
  func eachBlockRunsOnAnEmptyConfiguration(_ block: Block) throws {
    let (failed, output) = try Self.run([block])
    #expect(
      failed == [Self.refused(block)],
      "lines of README.md:\(block.line) that failed: \(failed); expected \(Self.refused(block))\n\(output)"
    )
  }

  @Test func theBlocksRunTopToBottomInOneConfiguration() throws {
    let (failed, output) = try Self.run(Self.runnable)
    #expect(failed == Self.runnable.map(Self.refused), "\(output)")
  }

  @Test func theReadmeHasExamplesAndSaysWhyTheOthersAreNotRun() {
    let all = Self.blocks(Self.readme)
    #expect(Self.runnable.count >= 3)
    for block in all where block.skipped != nil {
      #expect(block.skipped?.isEmpty == false, "README.md:\(block.line): no reason given")
    }
    // The setup commands are shown, not run: they build and install plistctl itself.
    let setup = all.filter { $0.lines.contains { $0.hasPrefix("make install") } }
    #expect(!setup.isEmpty && setup.allSatisfy { $0.skipped != nil })
  }
}

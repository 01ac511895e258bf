import Foundation

/// A README example and the test that runs it: the example's lines, and the test file's, so a
/// test can check that every line of the example appears in it and the two cannot drift.
struct ReadmeBlock {
  /// The lines of the first code block after the heading, its fence line left out.
  let lines: [String]
  /// The lines of the test file.
  let testLines: Set<String>

  /// Reads README.md (at the repository's root) and the calling test file. Lines are
  /// compared without indentation and with runs of spaces collapsed (the formatter aligns the
  /// README's comments differently).
  init(section heading: String, testFile: String = #filePath) throws {
    let here = URL(fileURLWithPath: testFile)
    var root = here
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    {
      root.deleteLastPathComponent()
    }
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = readme.components(separatedBy: heading).dropFirst().first ?? ""
    let block = section.components(separatedBy: "```").dropFirst().first ?? ""
    lines = block.split(separator: "\n").dropFirst().map(Self.normalize)
    testLines = Set(
      try String(contentsOf: here, encoding: .utf8).split(separator: "\n").map(Self.normalize))
  }

  private static func normalize(_ line: Substring) -> String {
    line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}

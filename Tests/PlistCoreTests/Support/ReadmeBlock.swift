import Foundation

/// A README example and the test that runs it: the example's lines, and the test file's, so a
/// test can check that every line of the example appears in it and the two cannot drift.
struct ReadmeBlock {
  /// The lines of a code block after the heading (the first unless told), its fence line
  /// left out.
  let lines: [String]
  /// The lines of the test file.
  let testLines: Set<String>

  /// Reads README.md (at the repository's root) and the calling test file. Lines are
  /// compared without indentation and with runs of spaces collapsed (the formatter aligns the
  /// README's comments differently).
  init(section heading: String, block index: Int = 0, testFile: String = #filePath) throws {
    let here = URL(fileURLWithPath: testFile)
    var root = here
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    {
      root.deleteLastPathComponent()
    }
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = readme.components(separatedBy: heading).dropFirst().first ?? ""
    // Code blocks are the odd pieces between fences.
    let pieces = section.components(separatedBy: "```")
    let block = 2 * index + 1 < pieces.count ? pieces[2 * index + 1] : ""
    lines = block.split(separator: "\n").dropFirst().map(Self.normalize)
    testLines = Set(
      try String(contentsOf: here, encoding: .utf8).split(separator: "\n").map(Self.normalize))
  }

  private static func normalize(_ line: Substring) -> String {
    line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }
}

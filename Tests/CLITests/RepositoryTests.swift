import Foundation
import TestSupport
import Testing

@testable import plistctl

/// What a newcomer meets besides the code: links in the documentation that lead somewhere in
/// the repository, one version, and a test command whose count is the whole suite.
@Suite("The repository")
struct RepositoryTests {
  static let repository = ReadmeTests.repository

  /// README.md and docs/*.md.
  static func documents() throws -> [URL] {
    let docs = repository.appendingPathComponent("docs")
    let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
      .filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    return [repository.appendingPathComponent("README.md")] + pages
  }

  /// The targets of a Markdown text's links (`[text](target)`), web addresses left out.
  static func relativeLinks(_ text: String) -> [String] {
    var links: [String] = []
    var rest = text[...]
    while let open = rest.range(of: "](") {
      let target = rest[open.upperBound...].prefix { $0 != ")" && $0 != " " && $0 != "\n" }
      rest = rest[open.upperBound...]
      let path = String(target.prefix { $0 != "#" })
      if !path.isEmpty && !path.contains("://") && !path.hasPrefix("mailto:") {
        links.append(path)
      }
    }
    return links
  }

  @Test func everyLinkInTheDocumentationLeadsToAFileInTheRepository() throws {
    let root = Self.repository.standardizedFileURL.path
    for document in try Self.documents() {
      let text = try String(contentsOf: document, encoding: .utf8)
      for link in Self.relativeLinks(text) {
        let target = URL(fileURLWithPath: link, relativeTo: document.deletingLastPathComponent())
          .standardizedFileURL.path
        let name = document.lastPathComponent
        #expect(target.hasPrefix(root + "/"), "\(name): \(link) leads out of the repository")
        #expect(FileManager.default.fileExists(atPath: target), "\(name): \(link) does not exist")
      }
    }
  }

  /// `make test` leaves XCTest's runner out (its "Executed 0 tests" read as if nothing ran),
  /// so an XCTest test would never run: there must be none.
  @Test func everyTestIsASwiftTestingTest() throws {
    let tests = Self.repository.appendingPathComponent("Tests")
    let files =
      FileManager.default.enumerator(atPath: tests.path)?
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
    #expect(files.count > 10)
    for file in files {
      let text = try String(
        contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
      let imports = text.split(separator: "\n").contains {
        $0.trimmingCharacters(in: .whitespaces) == "import XCTest"
      }
      #expect(!imports, "\(file) imports XCTest")
    }
  }

  /// The version is written once, in the sources; the Makefile (and so the package) reads it
  /// from there, and the man page's title names it.
  @Test func oneVersion() throws {
    let make = try ExternalTool.require("make", package: "make")
    let result = try CLI.runProcess(
      ["-s", "-C", Self.repository.path, "version"], program: make)
    #expect(result.stdout == Plistctl.version + "\n")
    let page = try String(
      contentsOf: Self.repository.appendingPathComponent("docs/plistctl.1"), encoding: .utf8)
    #expect(page.hasPrefix(".TH PLISTCTL 1 ") && page.contains("\"plistctl \(Plistctl.version)\""))
  }
}

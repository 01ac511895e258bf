import Foundation
import PlistCore
import TestSupport
import Testing

/// Access to the files under Tests/PlistCoreTests/Fixtures.
enum Fixtures {
  static let root: URL = {
    guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
      fatalError("the Fixtures resource folder is missing from the test bundle")
    }
    return url
  }()

  static func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: root.appendingPathComponent(relativePath)))
  }

  /// One row of corpus/MANIFEST.tsv.
  struct CorpusEntry: CustomTestStringConvertible, Sendable {
    let file: String
    let format: String
    let expect: String
    let notes: String

    var name: String { String(file.dropFirst("real/".count)) }
    var testDescription: String { name }
  }

  static let corpus: [CorpusEntry] = {
    let url = root.appendingPathComponent("corpus/MANIFEST.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 5 else { return nil }
      return CorpusEntry(file: fields[0], format: fields[2], expect: fields[3], notes: fields[4])
    }
  }()

  static func corpusEntries(expecting outcome: String) -> [CorpusEntry] {
    corpus.filter { $0.expect == outcome }
  }

  /// The value recorded in corpus/expected/<name>.json, in the typed-node notation of
  /// shared/corpus/README.md, decoded with Foundation's JSON reader (an independent oracle).
  static func expectedValue(for entry: CorpusEntry) throws -> PlistValue {
    let url = root.appendingPathComponent("corpus/expected/\(entry.name).json")
    let json = try JSONSerialization.jsonObject(
      with: Data(contentsOf: url), options: [.fragmentsAllowed])
    return try TypedJSON.value(from: json)
  }
}

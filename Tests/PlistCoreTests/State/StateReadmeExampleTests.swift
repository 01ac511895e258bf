import PlistCore
import TestSupport
import Testing

/// The README's state example, line for line, so that it stays true. (The README's
/// restoration uses the process's state directory; the test's, a temporary one.)
@Suite("StateRestoration: README example")
struct StateReadmeExampleTests {
  final class BookScreen: Restorable {
    var page = 1
    var restorationIdentifier: String? { "book" }
    func encodeRestorableState(with coder: StateCoder) throws {
      try coder.encode(page, forKey: "page")
    }
    func decodeRestorableState(with coder: StateCoder) throws {
      page = coder.decode(Int.self, forKey: "page") ?? 1
    }
  }

  /// One launch of the README's app, saved by `saver`'s version: the page it shows.
  func launch(in directory: TemporaryDirectory, turningTo page: Int?, savedBy saver: String = "1.0")
    throws -> Int
  {
    let book = BookScreen()
    let restoration = try StateRestoration(
      domain: "org.example.Reader", version: saver, stateHome: directory.url.path)
    restoration.shouldRestore = { saved in saved.savedBy == "1.0" }  // an older version's: no
    restoration.restore(book)  // at launch, before the first frame
    let shown = book.page
    if let page { book.page = page }
    try restoration.preserve(book)  // what preserveAtExit(book) does at a normal exit
    return shown
  }

  @Test func theExampleRuns() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(try launch(in: directory, turningTo: 87) == 1)
    #expect(try launch(in: directory, turningTo: nil) == 87)
    #expect(try launch(in: directory, turningTo: 12, savedBy: "0.9") == 87)
    // Saved by 0.9 now: refused.
    #expect(try launch(in: directory, turningTo: nil) == 1)
  }

  @Test func theReadmeLinesAreTheTests() throws {
    let example = try ReadmeBlock(section: "## An app's state, restored at the next launch")
    #expect(example.lines.count > 10)
    for line in example.lines
    where !line.isEmpty && !line.hasPrefix("let restoration =")
      && !line.hasPrefix("restoration.preserveAtExit")
    {
      #expect(example.testLines.contains(line), "README line not in the test: \(line)")
    }
  }
}

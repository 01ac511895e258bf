import Foundation
import Testing

/// Code written for Foundation's `UserDefaults`, ported by changing only its import: three
/// programs (Tests/Ported/OnFoundation) built against Foundation and, with `import
/// PlistCoreCompat` in place of `import Foundation`, against PlistCore
/// (Tests/Ported/OnPlistCore). Each runs its launches in a fresh preferences root, and both
/// must print what is expected here.
@Suite("Programs ported from Foundation by changing the import")
struct PortedProgramTests {
  static let onFoundation = CLI.executable.deletingLastPathComponent()
    .appendingPathComponent("PortedOnFoundation")
  static let onPlistCore = CLI.executable.deletingLastPathComponent()
    .appendingPathComponent("PortedOnPlistCore")
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Ported")

  /// The launches, one process each, in one fresh root; what each printed, after a line
  /// naming it and its exit status.
  static func transcript(_ program: URL, _ launches: [[String]]) throws -> String {
    let box = try Sandbox()
    defer { box.remove() }
    var text = ""
    for arguments in launches {
      let result = try CLI.runProcess(arguments, environment: box.environment, program: program)
      text += "$ \(arguments.joined(separator: " ")) [\(result.status)]\n"
      text += result.stdout + result.stderr
    }
    return text
  }

  static let pigeon: ([[String]], String) = (
    [
      ["pigeon", "show"], ["pigeon", "map-type", "1"],
      ["pigeon", "remember", "51.5", "-0.12", "home"],
      ["pigeon", "show"], ["pigeon", "forget"], ["pigeon", "show"],
    ],
    """
    $ pigeon show [0]
    map type: 0
    heading: 90.0
    location: none
    $ pigeon map-type 1 [0]
    $ pigeon remember 51.5 -0.12 home [0]
    $ pigeon show [0]
    map type: 1
    heading: 90.0
    location: 51.5, -0.12 home
    $ pigeon forget [0]
    $ pigeon show [0]
    map type: 1
    heading: 90.0
    location: none

    """
  )

  static let checklists: ([[String]], String) = (
    [["checklists"], ["checklists"], ["checklists"]],
    """
    $ checklists [0]
    first run: making a starter list
    lists: List; selected: 0
    $ checklists [0]
    lists: List, List 2; selected: 1
    $ checklists [0]
    lists: List, List 2, List 3; selected: 2

    """
  )

  static let every: ([[String]], String) = (
    [["every", "-EMArgument", "hello"]],
    """
    $ every -EMArgument hello [0]
    domains: NSGlobalDomain NSArgumentDomain NSRegistrationDomain
    synchronize: true
    object: text again 42 2.25 true
    string: text again -
    numbers: 42 1.5 2.25 true 3 0
    array: ["a", "b"] 2 one
    stringArray: ["a", "b"] true
    dictionary: ["x", "y"] 1 two
    missing: true true
    registered: factory
    argument: hello
    forced: false false
    suite added: from the suite
    suite removed: -
    dictionaryRepresentation: 42 factory
    volatile: ["EMVolatileDomain"] in memory
    volatile removed: []
    persistent: ["EMList", "EMPersistent"] 7
    persistent removed: true
    after reset: 42 text again

    """
  )

  @Test(arguments: ["pigeon", "checklists", "every"])
  func bothBuildsPrintWhatIsExpected(program: String) throws {
    let (launches, expected) = [
      "pigeon": Self.pigeon, "checklists": Self.checklists, "every": Self.every,
    ][program]!
    let foundation = try Self.transcript(Self.onFoundation, launches)
    let plistCore = try Self.transcript(Self.onPlistCore, launches)
    #expect(foundation == expected, "Foundation")
    #expect(plistCore == expected, "PlistCore")
  }

  /// The two builds' sources differ in their import alone.
  @Test func theSourcesDifferOnlyInTheirImport() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Self.sources.appendingPathComponent("OnFoundation").path
    ).sorted()
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: Self.sources.appendingPathComponent("OnPlistCore").path
      ).sorted() == files)
    for file in files {
      let original = try String(
        contentsOf: Self.sources.appendingPathComponent("OnFoundation/" + file), encoding: .utf8)
      let ported = try String(
        contentsOf: Self.sources.appendingPathComponent("OnPlistCore/" + file), encoding: .utf8)
      #expect(
        ported
          == original.replacingOccurrences(
            of: "import Foundation\n", with: "import PlistCoreCompat\n"), "\(file)")
      #expect(original.hasPrefix("import Foundation\n"), "\(file)")
    }
  }
}

import PlistCore
import TestSupport
import Testing

/// PlistBuddy's commands on a file held in memory: values, and each message on the stream
/// PlistBuddy uses for it, with whether it fails the run.
@Suite("PlistBuddy's commands")
struct BuddySessionTests {
  static let info: PlistValue = [
    "CFBundleVersion": "41", "Count": 3, "Rate": 1.5, "Enabled": true,
    "CFBundleURLTypes": [["CFBundleURLSchemes": ["myapp"]]],
  ]

  /// A session over `value`, recording what it saves.
  final class Saves: @unchecked Sendable {
    var files: [FileAccess.EditedFile] = []
  }

  func session(_ value: PlistValue? = info, saves: Saves = Saves(), xml: Bool = false)
    -> BuddySession
  {
    let file = value.map { FileAccess.EditedFile(value: $0, format: .binary) }
    return BuddySession(
      file: file, printsXML: xml, limits: .standard,
      save: { saves.files.append($0) }, reload: { file })
  }

  /// Runs lines; what they printed on each stream.
  func run(_ session: inout BuddySession, _ lines: String...) -> (out: String, err: [String]) {
    var output = BuddySession.Output()
    for line in lines { _ = session.run(line, into: &output) }
    return (String(decoding: output.standardOutput, as: UTF8.self), output.standardError)
  }

  @Test func printShowsPlistBuddysLayout() {
    var buddy = session()
    let (out, err) = run(&buddy, "Print")
    #expect(err.isEmpty && !buddy.failed)
    #expect(
      out == """
        Dict {
            CFBundleURLTypes = Array {
                Dict {
                    CFBundleURLSchemes = Array {
                        myapp
                    }
                }
            }
            CFBundleVersion = 41
            Count = 3
            Enabled = true
            Rate = 1.500000
        }

        """)
    #expect(run(&buddy, "Print :CFBundleVersion").out == "41\n")
    #expect(run(&buddy, "print :CFBundleURLTypes:0:CFBundleURLSchemes:0").out == "myapp\n")
    var empty = session(nil)
    #expect(run(&empty, "Print").out == "Dict {\n}\n")
  }

  @Test func printWithXMLWritesAPropertyList() {
    var buddy = session(xml: true)
    let out = run(&buddy, "Print :Count").out
    #expect(out.hasPrefix("<?xml") && out.contains("<integer>3</integer>"))
  }

  @Test func missingEntriesAreReportedOnStandardErrorAndFail() {
    for (line, message) in [
      ("Print :Nope", "Print: Entry, \":Nope\", Does Not Exist"),
      ("Set :Nope 1", "Set: Entry, \":Nope\", Does Not Exist"),
      ("Delete :Nope", "Delete: Entry, \":Nope\", Does Not Exist"),
      ("Copy :Nope :Other", "Copy: Entry, \":Nope\", Does Not Exist"),
      ("Add :Count integer 4", "Add: \":Count\" Entry Already Exists"),
      ("Set :CFBundleURLTypes x", "Set: Cannot Perform Set On Containers"),
      ("Add :Count:x string y", "Add: Can't Add Entry, \":Count:x\", to Parent"),
      ("Print 'Count':x", "Print: Entry, \"Count:x\", Does Not Exist"),
    ] {
      var buddy = session()
      let (out, err) = run(&buddy, line)
      #expect(out.isEmpty && err == [message] && buddy.failed, "\(line)")
    }
  }

  @Test func someReportsGoToStandardOutput() {
    var buddy = session()
    #expect(run(&buddy, "Add :X colour red") == ("Unrecognized Type: colour\n", []))
    #expect(buddy.failed)
    var unknown = session()
    #expect(run(&unknown, "Frobnicate :X") == ("Unrecognized Command\n", []))
    #expect(unknown.failed)
    // These three leave the status alone, as PlistBuddy does.
    var lenient = session()
    #expect(run(&lenient, "Set :Count ten").out == "Unrecognized Integer Format\n")
    #expect(run(&lenient, "Set :Rate fast").out == "Unrecognized Real Format\n")
    #expect(run(&lenient, "Add :D date tomorrow").out == "Unrecognized Date Format\n")
    #expect(run(&lenient, "Set :a \"open").out == "Parse Error: Unclosed Quotes\n")
    #expect(!lenient.failed && !lenient.unsaved)
    #expect(lenient.file.value["Count"] == 3)
  }

  @Test func setKeepsTheEntrysType() {
    var buddy = session()
    _ = run(
      &buddy, "Set :CFBundleVersion 42", "Set :Count 7.9", "Set :Rate 2.25", "Set :Enabled NO",
      "Set :CFBundleURLTypes:0:CFBundleURLSchemes:0 other")
    let value = buddy.file.value
    #expect(value["CFBundleVersion"] == "42")
    #expect(value["Count"] == 7)
    #expect(value["Rate"] == 2.25)
    #expect(value["Enabled"] == false)
    #expect(value[path: PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes")!] == ["other"])
    #expect(buddy.unsaved && !buddy.failed)
    for yes in ["YES", "true", "1", "yes"] {
      _ = run(&buddy, "Set :Enabled \(yes)")
      #expect(buddy.file.value["Enabled"] == true, "\(yes)")
    }
  }

  @Test func addMakesDictionariesOnTheWayAndAppendsOrInserts() {
    var buddy = session(nil)
    _ = run(
      &buddy, "Add :NSAppTransportSecurity:NSAllowsArbitraryLoads bool YES",
      "Add :CFBundleURLTypes array", "Add :CFBundleURLTypes: dict",
      "Add :CFBundleURLTypes:0:CFBundleURLSchemes array",
      "Add :CFBundleURLTypes:0:CFBundleURLSchemes: string second",
      "Add :CFBundleURLTypes:0:CFBundleURLSchemes:0 string first",
      "Add :CFBundleURLTypes:0:CFBundleURLSchemes:99 string last", "Add :Note string two words",
      "Add :Build integer 12", "Add :Scale real 1.5e2", "Add :Raw data abc",
      "Add :When date 'Mon Jan 01 00:00:00 UTC 2024'", "Add :Empty string")
    let value = buddy.file.value
    #expect(value[path: PlistPath(":NSAppTransportSecurity:NSAllowsArbitraryLoads")!] == true)
    #expect(
      value[path: PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes")!]
        == ["first", "second", "last"])
    #expect(value["Note"] == "two words")
    #expect(value["Build"] == 12)
    #expect(value["Scale"] == 150.0)
    #expect(value["Raw"] == .data(PlistData(Array("abc".utf8))))
    #expect(
      value["When"]
        == .date(
          PlistDate(.init(year: 2024, month: 1, day: 1, hour: 0, minute: 0, second: 0))!))
    #expect(value["Empty"] == "")
    #expect(!buddy.failed)
    #expect(buddy.file.format == .xml)
  }

  /// A missing container is a dictionary, or an array where an append follows.
  @Test func addMakesAnArrayForAnAppend() {
    var buddy = session(nil)
    _ = run(
      &buddy, "Add :Schemes: string x", "Add :Types:Inner: integer 1", "Add :Keyed:0 string y")
    #expect(buddy.file.value == ["Schemes": ["x"], "Types": ["Inner": [1]], "Keyed": ["0": "y"]])
    #expect(!buddy.failed)
  }

  /// Settings-bundle scripts add one specifier at a time: an index at the end makes the
  /// element (found by running such scripts from public repositories).
  @Test func addAtTheEndOfAnArrayMakesTheElement() {
    var buddy = session(["PreferenceSpecifiers": [["Type": "PSGroupSpecifier"]]])
    _ = run(
      &buddy, "Add :PreferenceSpecifiers:1:Type string PSTitleValueSpecifier",
      "Add :PreferenceSpecifiers:1:Key string version")
    #expect(
      buddy.file.value["PreferenceSpecifiers"] == [
        ["Type": "PSGroupSpecifier"], ["Type": "PSTitleValueSpecifier", "Key": "version"],
      ])
    #expect(!buddy.failed)
    #expect(run(&buddy, "Add :PreferenceSpecifiers:5:Type string x").err.count == 1)
  }

  /// `Print :Array:` is the array (scripts count its `Dict` lines).
  @Test func aTrailingColonOnAnArrayNamesTheArray() {
    var buddy = session()
    #expect(run(&buddy, "Print CFBundleURLTypes:").out.hasPrefix("Array {\n    Dict {"))
  }

  /// From the review: wrong or silent answers it found, each now the right one.
  @Test func mergeOfADictionaryIntoAnArrayFails() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("d.plist", "<plist><dict><key>k</key><string>v</string></dict></plist>")
    var buddy = session()
    let merged = run(&buddy, "Merge \(dir.path("d.plist")) :CFBundleURLTypes")
    #expect(merged.err == ["Merge: Can't Add dict Entries to array"] && buddy.failed)
    #expect(buddy.file.value["CFBundleURLTypes"] == Self.info["CFBundleURLTypes"])
  }

  @Test func aTrailingColonNamesTheContainerForEveryCommand() {
    var buddy = session()
    #expect(run(&buddy, "CD :CFBundleURLTypes:", "Print 0:CFBundleURLSchemes:0").out == "myapp\n")
    _ = run(&buddy, "CD :", "Delete :CFBundleURLTypes:")
    #expect(buddy.file.value["CFBundleURLTypes"] == nil && !buddy.failed)
  }

  @Test func badDatesAndDeepEntriesAreRefusedNotCrashedOn() {
    var buddy = session()
    let huge = run(&buddy, "Add :d date 'Mon Jan 01 00:00:00 -9223372036854775807'")
    #expect(huge.out == "Unrecognized Date Format\n" && buddy.file.value["d"] == nil)
    let deep = ":" + Array(repeating: "a", count: 60_000).joined(separator: ":")
    #expect(
      run(&buddy, "Add \(deep) string x").err.first?.hasPrefix("Add: Can't Add Entry") == true)
    #expect(buddy.failed && buddy.file.value["a"] == nil)
    var hex = session()
    #expect(run(&hex, "Set :Count 0x10").out == "Unrecognized Integer Format\n")
    #expect(hex.file.value["Count"] == 3)
  }

  @Test func aValueOfSeveralWordsLosesItsQuotesToo() {
    var buddy = session()
    _ = run(&buddy, "Set :CFBundleVersion hello \"big  world\" 'and more'")
    #expect(buddy.file.value["CFBundleVersion"] == "hello big  world and more")
  }

  @Test func importOntoAScalarRootReplacesIt() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write("blob", bytes: [1, 2])
    var buddy = session("text")
    #expect(run(&buddy, "Import : \(dir.path("blob"))").err.isEmpty)
    #expect(buddy.file.value == .data(PlistData([1, 2])))
  }

  @Test func aJSONFileIsNotSavedWithValuesJSONCannotHold() {
    let saves = Saves()
    var buddy = BuddySession(
      file: FileAccess.EditedFile(value: ["a": 1], format: .json), printsXML: false,
      limits: .standard, save: { saves.files.append($0) }, reload: { nil })
    let (_, err) = run(&buddy, "Add :when date 'Mon Jan 01 00:00:00 UTC 2024'", "Save")
    #expect(err.first?.hasPrefix("Error Saving File: a JSON file cannot hold") == true)
    #expect(buddy.failed && saves.files.isEmpty)
    _ = run(&buddy, "Delete :when", "Save")
    #expect(saves.files.map(\.format) == [.json])
  }

  @Test func deleteCopyAndClear() {
    var buddy = session()
    _ = run(
      &buddy, "Delete :Count", "Copy :CFBundleURLTypes :Backup:Types", "Delete :CFBundleURLTypes:0")
    let value = buddy.file.value
    #expect(value["Count"] == nil)
    #expect(value["CFBundleURLTypes"] == [])
    #expect(value[path: PlistPath(":Backup:Types:0:CFBundleURLSchemes")!] == ["myapp"])
    #expect(run(&buddy, "Copy :Rate :Enabled").err == ["Copy: \":Enabled\" Entry Already Exists"])
    var cleared = session()
    #expect(run(&cleared, "Clear array") == ("Initializing Plist...\n", []))
    #expect(cleared.file.value == [])
    #expect(run(&cleared, "Clear") == ("Unrecognized Type: \nInitializing Plist...\n", []))
    #expect(cleared.file.value == .dictionary(PlistDictionary()))
    #expect(!cleared.failed)
  }

  @Test func saveRevertAndExit() {
    let saves = Saves()
    var buddy = session(saves: saves)
    var output = BuddySession.Output()
    _ = buddy.run("Set :Count 4", into: &output)
    _ = buddy.run("Save", into: &output)
    #expect(saves.files.map(\.value) == [buddy.file.value])
    #expect(saves.files.first?.format == .binary)
    #expect(!buddy.unsaved)
    _ = buddy.run("Set :Count 5", into: &output)
    _ = buddy.run("Revert", into: &output)
    #expect(buddy.file.value["Count"] == 3)
    #expect(
      String(decoding: output.standardOutput, as: UTF8.self)
        == "Saving...\nReverting to last saved state...\n")
    #expect(buddy.run("Exit", into: &output) == .exit)
    #expect(buddy.run("quit", into: &output) == .exit)
    #expect(buddy.run("Help", into: &output) == .next)
  }

  @Test func workingContainer() {
    var buddy = session()
    #expect(run(&buddy, "CD :CFBundleURLTypes:0", "Print CFBundleURLSchemes:0").out == "myapp\n")
    #expect(run(&buddy, "CD :Count").err == ["CD: Entry, \":Count\", Is Not A Container"])
    let deleted = run(&buddy, "Delete :CFBundleURLTypes")
    #expect(deleted.out == "Working Container has become Invalid.  Setting to :\n")
    #expect(run(&buddy, "Print Count").out == "3\n")
  }

  @Test func mergeAndImportReadOtherFiles() throws {
    let dir = try TemporaryDirectory()
    defer { dir.remove() }
    try dir.write(
      "more.plist",
      "<plist><dict><key>Count</key><integer>9</integer><key>New</key><string>n</string></dict></plist>"
    )
    try dir.write("list.plist", "<plist><array><string>b</string></array></plist>")
    try dir.write("blob.bin", bytes: [0, 1, 2, 0xFF])
    var buddy = session()
    let merged = run(&buddy, "Merge \(dir.path("more.plist"))")
    #expect(merged == ("Duplicate Entry Was Skipped: Count\n", []))
    #expect(buddy.file.value["New"] == "n" && buddy.file.value["Count"] == 3)
    _ = run(&buddy, "Merge \(dir.path("list.plist")) :CFBundleURLTypes:0:CFBundleURLSchemes")
    #expect(
      buddy.file.value[path: PlistPath(":CFBundleURLTypes:0:CFBundleURLSchemes")!] == [
        "myapp", "b",
      ])
    #expect(
      run(&buddy, "Merge \(dir.path("list.plist"))").err == [
        "Merge: Can't Add array Entries to dict"
      ])
    #expect(
      run(&buddy, "Merge \(dir.path("nope.plist"))").err
        == ["Merge: Error Reading File: \(dir.path("nope.plist"))"])
    #expect(
      run(&buddy, "Merge \(dir.path("more.plist")) :Nope").err == [
        "Merge: \":Nope\" Entry Does Not Exist"
      ])
    _ = run(&buddy, "Import :Icon \(dir.path("blob.bin"))")
    #expect(buddy.file.value["Icon"] == .data(PlistData([0, 1, 2, 0xFF])))
    #expect(
      run(&buddy, "Import :CFBundleURLTypes \(dir.path("blob.bin"))").err
        == ["Import: Specified Entry Must Not Be a Container"])
    #expect(
      run(&buddy, "Print :Icon").out == String(decoding: [0, 1, 2, 0xFF, 0x0A], as: UTF8.self))
  }
}

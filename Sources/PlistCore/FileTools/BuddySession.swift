/// PlistBuddy's interpreter over one file: the file's value held in memory, changed command by
/// command (`Set :CFBundleVersion 42`), written by `Save` (and, in `-c` mode, by the caller at
/// the end). Messages are PlistBuddy's own lines on the streams it uses — a missing entry on
/// standard error, `Unrecognized Type` on standard output — because scripts match on them.
/// Every command that fails sets `failed` (the exit status); a few reports do not, as in the
/// real tool (`Unrecognized Integer Format`, `Parse Error: Unclosed Quotes`).
package struct BuddySession {
  /// What one command printed: standard output as bytes (Print shows data raw), standard
  /// error as lines.
  package struct Output: Sendable, Equatable {
    package var standardOutput: [UInt8] = []
    package var standardError: [String] = []

    package init() {}

    mutating func line(_ text: String) { standardOutput += Array((text + "\n").utf8) }
  }

  /// Whether to go on reading commands.
  package enum Step: Sendable, Equatable {
    case next
    /// `Exit`, `Quit` or `Bye`.
    case exit
  }

  /// The file as the session holds it (value and the format a save writes).
  package internal(set) var file: FileAccess.EditedFile
  /// Whether a command failed (the run exits 1).
  package private(set) var failed = false
  /// Whether there are changes since the file was read or saved.
  package internal(set) var unsaved = false
  /// `-x`: `Print` writes an XML property list.
  package var printsXML: Bool
  /// The working container `CD` chose; entries without a leading `:` start there.
  var working: [String] = []
  let limits: FileLimits
  private let save: (FileAccess.EditedFile) throws(PlistError) -> Void
  private let reload: () throws(PlistError) -> FileAccess.EditedFile?

  /// A session over a file's contents (nil: a new file, an empty dictionary to be written
  /// as XML).
  ///
  /// - Parameters:
  ///   - file: What the file holds, or nil.
  ///   - printsXML: `-x`.
  ///   - limits: The most bytes `Merge` and `Import` read from a file.
  ///   - save: Writes the file (`Save`).
  ///   - reload: Reads it again (`Revert`).
  package init(
    file: FileAccess.EditedFile?, printsXML: Bool, limits: FileLimits,
    save: @escaping (FileAccess.EditedFile) throws(PlistError) -> Void,
    reload: @escaping () throws(PlistError) -> FileAccess.EditedFile?
  ) {
    self.file = Self.writable(file)
    self.printsXML = printsXML
    self.limits = limits
    self.save = save
    self.reload = reload
  }

  /// A file's contents with the format a save keeps: binary stays binary, JSON stays JSON
  /// (`saveChanges`), XML and OpenStep (which cannot hold most types) are written as XML.
  private static func writable(_ file: FileAccess.EditedFile?) -> FileAccess.EditedFile {
    guard var file else {
      return FileAccess.EditedFile(value: .dictionary(PlistDictionary()), format: .xml)
    }
    if file.format == .openStep { file.format = .xml }
    return file
  }

  /// Runs one command line, appending what it prints to `out`.
  package mutating func run(_ line: String, into out: inout Output) -> Step {
    let command: BuddyCommandLine
    do { command = try BuddyCommandLine(line) } catch {
      out.line("Parse Error: Unclosed Quotes")
      return .next
    }
    switch command.command.lowercased() {
    case "help", "?": out.standardOutput += Array(Self.help.utf8)
    case "exit", "quit", "bye": return .exit
    case "save":
      out.line("Saving...")
      saveChanges(into: &out)
    case "revert": revert(into: &out)
    case "clear": clear(command, into: &out)
    case "print", "ls": print(command, into: &out)
    case "set", "=": set(command, into: &out)
    case "add", "+": add(command, into: &out)
    case "copy", "cp": copy(command, into: &out)
    case "delete", "remove", "rm", "-": delete(command, into: &out)
    case "merge": merge(command, into: &out)
    case "import": importFile(command, into: &out)
    case "cd": changeDirectory(command, into: &out)
    default: fail("Unrecognized Command", onStandardOutput: &out)
    }
    return .next
  }

  /// The one top-level key a run asks about, when it is a single `Print` of an entry from
  /// the root (`Print :CFBundleVersion`, as scripts read a value): only that key's value
  /// need be built. Nil for anything else.
  package static func onlyKey(of lines: [String]) -> String? {
    guard lines.count == 1, let line = try? BuddyCommandLine(lines[0]),
      ["print", "ls"].contains(line.command.lowercased()), let typed = line.word(0)
    else { return nil }
    let entry = BuddyEntry(typed)
    guard entry.isAbsolute, let key = entry.components.first else { return nil }
    return key
  }

  /// Whether a command line only reads (`Print`, `Help`, `CD`, `Exit`): a run of such lines
  /// never writes, so it needs no lock on the file.
  package static func onlyReads(_ line: String) -> Bool {
    let word = line.utf8.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ":") }
    let name = String(decoding: word, as: UTF8.self).lowercased()
    return ["print", "ls", "help", "?", "cd", "exit", "quit", "bye"].contains(name)
  }

  // MARK: - Messages

  mutating func fail(_ message: String, _ out: inout Output) {
    out.standardError.append(message)
    failed = true
  }

  mutating func fail(_ message: String, onStandardOutput out: inout Output) {
    out.line(message)
    failed = true
  }

  mutating func invalidArguments(_ out: inout Output) {
    fail("Invalid Arguments", onStandardOutput: &out)
  }

  // MARK: - The commands

  /// Writes the file (`Save`, and the end of a `-c` run that changed it). A save that
  /// fails fails the run (PlistBuddy says so but exits 0: the changes are lost all the
  /// same). A JSON file is saved only while JSON holds every value as it is: it is not
  /// turned into another format, nor its dates and data into strings.
  package mutating func saveChanges(into out: inout Output) {
    guard file.format != .json || file.value.fitsJSONFile else {
      return fail(
        "Error Saving File: a JSON file cannot hold a date, data, or a root that is not an "
          + "array or a dictionary", &out)
    }
    do {
      try save(file)
      unsaved = false
    } catch {
      fail("Error Saving File: \(error)", &out)
    }
  }

  private mutating func revert(into out: inout Output) {
    out.line("Reverting to last saved state...")
    do {
      file = Self.writable(try reload())
      unsaved = false
      working = []
    } catch {
      fail("Error Reading File: \(error)", &out)
    }
  }

  private mutating func clear(_ command: BuddyCommandLine, into out: inout Output) {
    var type = command.word(0).flatMap(BuddyType.init(word:))
    if type == nil {
      out.line("Unrecognized Type: \(command.word(0) ?? "")")
      type = .dict
    }
    out.line("Initializing Plist...")
    let empty = (try? type?.value("")) ?? .date(PlistDate(secondsSinceReferenceDate: 0))
    file.value = empty
    working = []
    unsaved = true
  }

  private mutating func print(_ command: BuddyCommandLine, into out: inout Output) {
    let typed = command.word(0) ?? ""
    guard let value = value(at: entry(typed)) else {
      return fail("Print: Entry, \"\(typed)\", Does Not Exist", &out)
    }
    if printsXML, let xml = try? PropertyList.encode(value, as: .xml) {
      out.standardOutput += xml
    } else {
      out.standardOutput += BuddyPrint.text(value)
    }
  }

  private mutating func set(_ command: BuddyCommandLine, into out: inout Output) {
    guard let typed = command.word(0) else { return invalidArguments(&out) }
    let path = entry(typed)
    guard let existing = value(at: path) else {
      return fail("Set: Entry, \"\(typed)\", Does Not Exist", &out)
    }
    let type = BuddyType(of: existing)
    guard type != .array && type != .dict else {
      return fail("Set: Cannot Perform Set On Containers", &out)
    }
    let newValue: PlistValue
    do { newValue = try type.value(command.value(from: 1)) } catch {
      return out.line(error.description)
    }
    replace(at: path, with: newValue)
  }

  private mutating func add(_ command: BuddyCommandLine, into out: inout Output) {
    guard let typed = command.word(0) else { return invalidArguments(&out) }
    guard let type = command.word(1).flatMap(BuddyType.init(word:)) else {
      return fail("Unrecognized Type: \(command.word(1) ?? "")", onStandardOutput: &out)
    }
    guard let path = place(typed) else {
      return fail("Add: Can't Add Entry, \"\(typed)\", to Parent", &out)
    }
    if occupied(path) { return fail("Add: \"\(typed)\" Entry Already Exists", &out) }
    let newValue: PlistValue
    do { newValue = try type.value(command.value(from: 2)) } catch {
      return out.line(error.description)
    }
    do { try insert(newValue, at: path) } catch {
      fail("Add: Can't Add Entry, \"\(typed)\", to Parent", &out)
    }
  }

  private mutating func copy(_ command: BuddyCommandLine, into out: inout Output) {
    guard let source = command.word(0) else { return invalidArguments(&out) }
    guard let destination = command.word(1) else { return }
    guard let value = value(at: entry(source)) else {
      return fail("Copy: Entry, \"\(source)\", Does Not Exist", &out)
    }
    guard let target = place(destination) else {
      return fail("Copy: Can't Add Entry, \"\(destination)\", to Parent", &out)
    }
    if occupied(target) {
      return fail("Copy: \"\(destination)\" Entry Already Exists", &out)
    }
    do { try insert(value, at: target) } catch {
      fail("Copy: Can't Add Entry, \"\(destination)\", to Parent", &out)
    }
  }

  private mutating func delete(_ command: BuddyCommandLine, into out: inout Output) {
    guard let typed = command.word(0) else { return invalidArguments(&out) }
    let path = entry(typed)
    guard !path.isEmpty, value(at: path) != nil else {
      return fail("Delete: Entry, \"\(typed)\", Does Not Exist", &out)
    }
    remove(at: path)
    if working.starts(with: path) {
      working = []
      out.line("Working Container has become Invalid.  Setting to :")
    }
  }

  private mutating func changeDirectory(_ command: BuddyCommandLine, into out: inout Output) {
    let typed = command.word(0) ?? ":"
    let path = entry(typed)
    guard let value = value(at: path) else {
      return fail("CD: Entry, \"\(typed)\", Does Not Exist", &out)
    }
    guard value.type == .array || value.type == .dictionary else {
      return fail("CD: Entry, \"\(typed)\", Is Not A Container", &out)
    }
    working = path
  }
}

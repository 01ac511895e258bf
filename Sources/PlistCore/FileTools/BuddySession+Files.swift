// MARK: - Merge and Import: commands that read another file

extension BuddySession {
  /// `Merge [-r] FILE [ENTRY]`: a dictionary's keys into a dictionary (keys already there are
  /// skipped, each named; with `-r`, dictionaries under the same key are merged and arrays
  /// appended to), an array's items onto an array. The entry is checked before the file is
  /// read. The file is another's: read only as a regular file, within the size limit.
  mutating func merge(_ command: BuddyCommandLine, into out: inout Output) {
    var index = 0
    let recursive = command.word(0) == "-r"
    if recursive { index += 1 }
    guard let source = command.word(index) else { return invalidArguments(&out) }
    let typed = command.word(index + 1)
    let target = typed.map(entry) ?? []
    guard let existing = value(at: target) else {
      return fail("Merge: \"\(typed ?? "")\" Entry Does Not Exist", &out)
    }
    guard existing.type == .dictionary || existing.type == .array else {
      return fail("Merge: Specified Entry Must Be a Container", &out)
    }
    guard let incoming = readPropertyList(BuddyCommandLine.decoded(source)) else {
      return fail("Merge: Error Reading File: \(source)", &out)
    }
    var merged = existing
    switch (existing, incoming) {
    case (.dictionary(var into), .dictionary(let from)):
      for (key, value) in zip(from.keys, from.values) {
        if let present = into[key] {
          if recursive {
            into[key] = Self.mergedRecursively(present, value)
          } else {
            out.line("Duplicate Entry Was Skipped: \(key)")
          }
        } else {
          into[key] = value
        }
      }
      merged = .dictionary(into)
    case (.array(let items), .array(let more)): merged = .array(items + more)
    case (.array(let items), _) where incoming.type != .dictionary:
      merged = .array(items + [incoming])
    default:
      let kind = BuddyType(of: incoming).rawValue
      return fail("Merge: Can't Add \(kind) Entries to \(BuddyType(of: existing).rawValue)", &out)
    }
    replace(at: target, with: merged)
  }

  /// `Merge -r` of a key both have: dictionaries merge, arrays append, else the old stays.
  private static func mergedRecursively(_ present: PlistValue, _ incoming: PlistValue) -> PlistValue
  {
    switch (present, incoming) {
    case (.dictionary(var into), .dictionary(let from)):
      for (key, value) in zip(from.keys, from.values) {
        into[key] = into[key].map { mergedRecursively($0, value) } ?? value
      }
      return .dictionary(into)
    case (.array(let items), .array(let more)): return .array(items + more)
    default: return present
    }
  }

  /// `Import ENTRY FILE`: the file's bytes as data at the entry (made where missing, or
  /// replacing a value that is not a container).
  mutating func importFile(_ command: BuddyCommandLine, into out: inout Output) {
    guard let typed = command.word(0), let source = command.word(1) else {
      return invalidArguments(&out)
    }
    guard let target = place(typed) else {
      return fail("Import: Can't Add Entry, \"\(typed)\", to Parent", &out)
    }
    if let existing = value(at: target), existing.type == .dictionary || existing.type == .array {
      return fail("Import: Specified Entry Must Not Be a Container", &out)
    }
    guard let bytes = readBytes(BuddyCommandLine.decoded(source)) else {
      return fail("Import: Error Reading File: \(source)", &out)
    }
    let data = PlistValue.data(PlistData(bytes))
    if value(at: target) != nil { return replace(at: target, with: data) }
    do { try insert(data, at: target) } catch {
      fail("Import: Can't Add Entry, \"\(typed)\", to Parent", &out)
    }
  }

  /// A regular file's bytes within the size limit, nil when it cannot be read.
  private func readBytes(_ path: String) -> [UInt8]? {
    (try? FileAccess.readRegularFile(path: path, maximumSize: limits.maximumSize)) ?? nil
  }

  /// A property list file in any format, nil when it cannot be read or parsed.
  private func readPropertyList(_ path: String) -> PlistValue? {
    guard let bytes = readBytes(path) else { return nil }
    return try? PropertyList.decode(bytes).value
  }

  /// `Help`: the commands, entries and types.
  package static let help = """
    Commands (case does not matter):
        Help - this text
        Exit - leave; changes not saved are lost (Quit, Bye too)
        Save - write the changes to the file
        Revert - read the file again, dropping the changes since the last save
        Clear [<Type>] - replace everything with an empty root of Type (dict when not given)
        Print [<Entry>] - print Entry's value, or the whole file
        Set <Entry> <Value> - set Entry, keeping its type, to Value
        Add <Entry> <Type> [<Value>] - add Entry of Type, with Value
        Copy <EntrySrc> <EntryDst> - copy EntrySrc's value to the new EntryDst
        Delete <Entry> - remove Entry
        Merge <file.plist> [<Entry>] - add file.plist's entries to Entry (the root when not given)
        Import <Entry> <file> - set Entry to the bytes of file, as data

    Entries are keys separated by colons, with zero-based indices for array items:
        :CFBundleShortVersionString
        :CFBundleURLTypes:0:CFBundleURLSchemes
    A trailing colon on an array (Add :Array: string x) appends; quote a key with spaces.

    Types:
        string
        array
        dict
        bool
        real
        integer
        date
        data

    Examples:
        Set :CFBundleVersion 42
        Add :CFBundleURLTypes:0:CFBundleURLSchemes: string myapp
        Delete :UIRequiredDeviceCapabilities:0
        Print :CFBundleIdentifier


    """
}

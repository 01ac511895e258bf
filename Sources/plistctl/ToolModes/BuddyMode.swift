import PlistCore

/// `plistctl buddy ARGS…`, or the binary run as `PlistBuddy`: `-c COMMAND` (repeatable) runs
/// the commands in order and saves the file at the end if they changed it (even after a
/// failed one, as PlistBuddy does; the status is then 1); without `-c`, commands are read
/// from standard input a line at a time, after a `Command: ` prompt, and only `Save` writes.
/// A `-c` run reads and writes the file under its directory's lock; a missing file is made
/// (as XML) when something is saved.
enum BuddyMode {
  struct Arguments: Equatable {
    var commands: [String] = []
    var printsXML = false
    var help = false
    var files: [String] = []
  }

  static let usage = """
    Usage: PlistBuddy [-cxh] <file.plist>
        -c "<command>" run the command, then exit (repeatable); otherwise read commands
                       from standard input
        -x             Print writes an XML property list
        -h             the commands, entries and types

    """

  static func run(_ words: [String], context: CommandContext) -> ExitStatus {
    var arguments = Arguments()
    var rest = words[...]
    while let word = rest.popFirst() {
      switch word {
      case "-c":
        guard let command = rest.popFirst() else { return usage(context) }
        arguments.commands.append(command)
      case "-x": arguments.printsXML = true
      case "-h", "--help": arguments.help = true
      case _ where word.hasPrefix("-") && word.count > 1: return usage(context)
      default: arguments.files.append(word)
      }
    }
    if arguments.help {
      try? context.writeOutput(BuddySession.help)
      return arguments.files.isEmpty ? .failure : .success
    }
    guard let file = arguments.files.first else { return usage(context) }
    guard arguments.files.count == 1 else {
      try? context.writeOutput("Invalid Arguments\n\n")
      return .failure
    }
    // `-c` given, even with an empty command, is a batch run.
    return !arguments.commands.isEmpty
      ? batch(arguments, file: file, context: context)
      : interactive(arguments, file: file, context: context)
  }

  private static func usage(_ context: CommandContext) -> ExitStatus {
    try? context.writeOutput(usage)
    return .failure
  }

  /// `-c` mode: a run that may change the file holds its directory's lock from the read to
  /// the save; one of reads only (`Print`, as scripts read a value) takes no lock.
  private static func batch(_ arguments: Arguments, file: String, context: CommandContext)
    -> ExitStatus
  {
    do {
      let limits = try context.limits()
      let run = { (current: FileAccess.EditedFile?, save: @escaping Save) throws -> Bool in
        try commands(arguments, file: file, current, save: save, limits: limits, context)
      }
      let failed: Bool
      if arguments.commands.allSatisfy(BuddySession.onlyReads) {
        let current = try FileAccess.readEditedFile(
          path: file, source: file, limits: limits, anyKind: true,
          keepingOnly: BuddySession.onlyKey(of: arguments.commands))
        failed = try run(current, lockedSave(file, limits))
      } else {
        failed = try FileAccess.edit(path: file, limits: limits) { current, write in
          // The session keeps `write` only while the lock is held: for this body.
          try withoutActuallyEscaping(write) { try run(current, $0) }
        }
      }
      return failed ? .failure : .success
    } catch {
      return unreadable(file, error, context)
    }
  }

  typealias Save = (FileAccess.EditedFile) throws(PlistError) -> Void

  /// The `-c` commands over the file's contents, then the save if they changed it; whether
  /// one failed.
  private static func commands(
    _ arguments: Arguments, file: String, _ current: FileAccess.EditedFile?,
    save: @escaping Save, limits: FileLimits, _ context: CommandContext
  ) throws -> Bool {

    var session = BuddySession(
      file: current, printsXML: arguments.printsXML, limits: limits, save: save,
      reload: { () throws(PlistError) in
        try FileAccess.readEditedFile(path: file, source: file, limits: limits)
      })
    // Output that cannot be written (a closed pipe) still lets the commands run and save.
    var unshown = false
    if current == nil {
      let notice = "File Doesn't Exist, Will Create: \(TerminalText.escaped(file))\n"
      if (try? context.writeOutput(notice)) == nil { unshown = true }
    }
    for command in arguments.commands {
      var out = BuddySession.Output()
      let step = session.run(command, into: &out)
      if (try? show(out, context)) == nil { unshown = true }
      if step == .exit { break }
    }
    if session.unsaved {
      var out = BuddySession.Output()
      session.saveChanges(into: &out)
      if (try? show(out, context)) == nil { unshown = true }
    }
    LeftForExit.keep(session.file.value)
    return session.failed || unshown
  }

  /// A save that takes the file's directory lock for the write (the shell's `Save`).
  private static func lockedSave(_ file: String, _ limits: FileLimits) -> Save {
    { (contents) throws(PlistError) in
      do {
        try FileAccess.edit(path: file, limits: limits) { _, write in try write(contents) }
      } catch let error as PlistError {
        throw error
      } catch {
        throw .system(SystemError.missingFile(file))
      }
    }
  }

  /// The shell: a prompt, a line, its output, until `Exit` or the end of the input.
  private static func interactive(_ arguments: Arguments, file: String, context: CommandContext)
    -> ExitStatus
  {
    let current: FileAccess.EditedFile?
    let limits: FileLimits
    do {
      limits = try context.limits()
      current = try FileAccess.readEditedFile(path: file, source: file, limits: limits)
    } catch {
      return unreadable(file, error, context)
    }
    if current == nil {
      try? context.writeOutput("File Doesn't Exist, Will Create: \(TerminalText.escaped(file))\n")
    }
    var session = BuddySession(
      file: current, printsXML: arguments.printsXML, limits: limits,
      save: lockedSave(file, limits),
      reload: { () throws(PlistError) in
        try FileAccess.readEditedFile(path: file, source: file, limits: limits)
      })
    do {
      while true {
        try context.writeOutput("Command: ")
        guard let line = context.readLine() else { break }
        guard line.count < StandardInputLines.longest else {
          context.writeError("a command of 1 MiB or more was skipped\n")
          continue
        }
        var out = BuddySession.Output()
        let step = session.run(String(decoding: line, as: UTF8.self), into: &out)
        try show(out, context)
        if step == .exit { break }
      }
    } catch {
      // Standard output is gone (a closed pipe): nobody is left to read the answers.
      return .failure
    }
    return .success
  }

  /// A command's output: standard output as it is (escaped on a terminal), then its errors.
  private static func show(_ out: BuddySession.Output, _ context: CommandContext) throws {
    if !out.standardOutput.isEmpty {
      try context.writeBytes(TerminalText.forStandardOutput(out.standardOutput))
    }
    for line in out.standardError { context.writeError(TerminalText.escaped(line) + "\n") }
  }

  /// A file that cannot be read: the reason on standard error, then PlistBuddy's line.
  private static func unreadable(_ file: String, _ error: any Error, _ context: CommandContext)
    -> ExitStatus
  {
    let reason: String
    if case PlistError.parse(let parse, _) = error {
      reason = parse.description
    } else {
      reason = "\(error)"
    }
    context.writeError(TerminalText.escaped(reason) + "\n")
    try? context.writeOutput(TerminalText.escaped("Error Reading File: \(file)") + "\n")
    return .failure
  }
}

import PlistCore

/// `plistctl plutil ARGS…`, or the binary run as `plutil`: macOS plutil's command line,
/// output, messages and exit statuses (0, or 1 when anything failed), over PlistCore's
/// readers and writers. Each file is done on its own; a file's failure is one line on
/// standard error, `FILE: message`, and the others still run. A file rewritten in place is
/// read and written under its directory's lock and keeps its format.
enum PlutilMode {
  static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
    let parsed: PlutilArguments
    do { parsed = try PlutilArguments(arguments) } catch {
      context.writeError(TerminalText.escaped(error.message) + "\n")
      return .failure
    }
    if parsed.verb == .help {
      try? context.writeOutput(help)
      return .success
    }
    if parsed.verb == .print && parsed.silent {
      context.writeError("-s doesn't make a lot of sense with -p.\n")  // and printing goes on
    }
    var failed = false
    for file in parsed.files {
      do {
        try PlutilFile(arguments: parsed, path: file, context: context).run()
      } catch {
        failed = true
        let name = CommandContext.sourceName(file)
        context.writeError(
          TerminalText.escaped("\(name): \(message(error, verb: parsed.verb))") + "\n")
      }
    }
    return failed ? .failure : .success
  }

  /// A file's failure as plutil words it.
  static func message(_ error: any Error, verb: PlutilArguments.Verb) -> String {
    switch error {
    case let failure as PlutilFailure: return failure.message
    case let failure as PlutilPathError: return failure.description
    case let failure as SourceLiteral.Unrepresentable: return failure.description
    case PlistError.parse(let parse, _):
      return verb == .lint ? parse.description : "Property List error: \(parse)"
    case PlistError.system(let system) where system.operation == .read:
      let name = system.path.split(separator: "/").last.map(String.init) ?? system.path
      switch system.errno {
      case .noSuchFileOrDirectory:
        return "The file “\(name)” couldn’t be opened because there is no such file."
      case .permissionDenied:
        return "The file “\(name)” couldn’t be opened because you don’t have permission to view it."
      default: return "(\(system))"
      }
    case PlistError.encoding(let encoding) where encoding.format == .json:
      return PlutilFailure.notJSON.message
    default: return "(\(error))"
    }
  }

  static let help = """
    plutil [command_option] [other_options] file...
    The file '-' means standard input. plistctl's plutil mode: macOS plutil's commands.
    Command options (-lint is the default):
      -help                       this text
      -lint                       check each file; FILE: OK per good file
      -p                          print each file for people (the layout may change)
      -convert FMT                rewrite each file as FMT: xml1, binary1, json, swift, objc
                                  (-header with objc also writes a .h)
      -insert KEYPATH TYPE VALUE  add VALUE at KEYPATH; -append after VALUE adds it to the
                                  array there
      -replace KEYPATH TYPE VALUE set KEYPATH to VALUE, whether or not it is there
                                  TYPE: -bool YES|NO, -integer N, -float X, -string S,
                                  -date 2024-01-02T03:04:05Z, -data BASE64, -xml XML,
                                  -json JSON, -array, -dictionary (these two take no VALUE)
      -remove KEYPATH             remove KEYPATH
      -extract KEYPATH FMT        write the value at KEYPATH as FMT: xml1, binary1, json,
                                  swift, objc, or raw (a scalar as text, an array's count, a
                                  dictionary's keys); -expect TYPE right after FMT checks it
      -type KEYPATH               print the value's type; -expect TYPE checks it
      -create FMT                 write an empty dictionary to each file
    KEYPATH is keys and array indices joined by '.'; '\\.' is a dot inside a key.
    Other options:
      -s     no output for files that are fine
      -o     the output file ('-' for standard output), instead of the input itself
      -e     the output's extension, instead of the input's
      -r     JSON for people, indented
      -n     no newline after a raw value or a type
      --     skipped, as plutil skips it (it does not end the options)

    """
}

/// A failure plutil words itself.
struct PlutilFailure: Error, Equatable {
  let message: String

  /// JSON holds only arrays and dictionaries at the top, and no dates, data or NaN.
  static let notJSON = PlutilFailure(message: "Invalid object in plist for JSON format")
  static let noOpenStep = PlutilFailure(message: "Conversion to OpenStep format is not supported")
}

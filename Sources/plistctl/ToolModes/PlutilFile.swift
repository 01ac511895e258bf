import PlistCore

/// One file of a plutil run: what the verb does to it and where the result goes.
struct PlutilFile {
  let arguments: PlutilArguments
  let path: String
  let context: CommandContext

  /// Where a verb's result goes when it is not the input itself (which is rewritten under
  /// its lock): standard output, or another file.
  enum Output: Equatable {
    case standardOutput
    case file(String)
  }

  func run() throws {
    guard !path.isEmpty else { throw PlutilFailure(message: "Empty path specified") }
    switch arguments.verb {
    case .help: return
    case .lint:
      let bytes = try context.readBytes(path)
      do { LeftForExit.keep(try PropertyList.decode(bytes, allowJSON: false).value) } catch {
        throw PlistError.parse(error, source: path)
      }
      if !arguments.silent {
        try context.print(TerminalText.escaped("\(CommandContext.sourceName(path)): OK"))
      }
    case .print:
      try context.writeOutput(TerminalText.forStandardOutput(PlutilText.pretty(try read().value)))
    case .convert(let format, let header):
      try rewrite(as: format, header: header) { $0 }
    case .insert(let keyPath, let value, let append):
      try rewrite(as: nil) { try $0.placing(value, at: keyPath, append ? .append : .insert) }
    case .replace(let keyPath, let value):
      try rewrite(as: nil) { try $0.placing(value, at: keyPath, .replace) }
    case .remove(let keyPath):
      try rewrite(as: nil) { try $0.removing(at: keyPath) }
    case .extract(let keyPath, let format, let expect):
      try extract(keyPath, format, expect: expect)
    case .type(let keyPath, let expect):
      try extract(keyPath, .typeName, expect: expect)
    case .create(let format):
      if format == .plist(.openStep) {
        throw PlutilFailure(message: "Cannot create open step property lists")
      }
      let empty = PlistValue.dictionary(PlistDictionary())
      try send(empty, as: format, to: path == "-" ? .standardOutput : .file(path), header: false)
    }
  }

  /// The input's value and format.
  private func read() throws -> FileAccess.EditedFile {
    let (value, format) = try FileAccess.decode(
      try context.readBytes(path), source: CommandContext.sourceName(path))
    LeftForExit.keep(value)
    return FileAccess.EditedFile(value: value, format: format)
  }

  /// `-convert`, `-insert`, `-replace`, `-remove`: the changed value in `format` (nil: the
  /// input's own), to `-o`, a file with `-e`'s extension, or the input itself.
  private func rewrite(
    as format: PlutilFormat?, header: Bool = false, _ change: (PlistValue) throws -> PlistValue
  ) throws {
    if let output = output(for: format) {
      let input = try read()
      let value = try change(input.value)
      return try send(value, as: format ?? .plist(input.format), to: output, header: header)
    }
    try FileAccess.edit(path: path, limits: try context.limits(), options: jsonOptions) {
      current, write in
      guard let current else { throw missingFile() }
      let value = try change(current.value)
      guard case .plist(let written) = format ?? .plist(current.format) else { return }
      try check(value, for: written)
      try write(FileAccess.EditedFile(value: value, format: written))
    }
  }

  /// `-extract KEYPATH FORMAT` and `-type KEYPATH`: only the top-level key's value is built,
  /// unless the value is written over the input (a plist format without `-o`), which is
  /// then read and written under its lock.
  private func extract(_ keyPath: String, _ format: PlutilFormat, expect: String?) throws {
    let path = PlutilKeyPath(keyPath)
    let pick = { (input: PlistValue) throws -> PlistValue in
      guard let value = input.value(at: path) else {
        throw PlutilFailure(
          message:
            "Could not extract value, error: No value at that key path or invalid key path: \(keyPath)"
        )
      }
      let type = PlutilText.typeName(of: value)
      if let expect, expect != type {
        throw PlutilFailure(
          message: "Value at [\(keyPath)] expected to be \(expect) but is \(type)")
      }
      return value
    }
    guard let output = output(for: format) else { return try rewrite(as: format, pick) }
    let input: PlistValue
    do {
      input = try PropertyList.decode(
        keepingOnly: path.components[0], of: context.readBytes(self.path)
      ).value
    } catch let error as PlistParseError {
      throw PlistError.parse(error, source: CommandContext.sourceName(self.path))
    }
    LeftForExit.keep(input)
    try send(try pick(input), as: format, to: output, header: false)
  }

  /// Where the result goes: `-o PATH` (`-` standard output); standard input's result to
  /// standard output; `-e EXT` the input's path with that extension; Swift and Objective-C
  /// source beside the input (`.swift`, `.m`); a raw value or type word to standard
  /// output; else (nil) the input itself.
  private func output(for format: PlutilFormat?) -> Output? {
    if let output = arguments.output { return output == "-" ? .standardOutput : .file(output) }
    if path == "-" || format == .raw || format == .typeName { return .standardOutput }
    if let fileExtension = arguments.fileExtension {
      return .file(Self.replacingExtension(of: path, with: fileExtension))
    }
    switch format {
    case .swift: return .file(Self.replacingExtension(of: path, with: "swift"))
    case .objectiveC: return .file(Self.replacingExtension(of: path, with: "m"))
    default: return nil
    }
  }

  /// The path with its last component's extension replaced (added when it has none, so
  /// the input is never the output: plutil writes over it then).
  static func replacingExtension(of path: String, with fileExtension: String) -> String {
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let name = path[slash...]
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else {
      return path + "." + fileExtension
    }
    return String(path[..<dot]) + "." + fileExtension
  }

  /// Writes a result in a format to its destination.
  private func send(
    _ value: PlistValue, as format: PlutilFormat, to destination: Output, header: Bool
  )
    throws
  {
    switch format {
    case .plist(let plist):
      try check(value, for: plist)
      switch destination {
      case .standardOutput:
        // Made whole first (a failure prints nothing); on a terminal, the file's control
        // characters escaped, as every output of plistctl's.
        let bytes: [UInt8]
        do { bytes = try PropertyList.encode(value, as: plist, options: jsonOptions) } catch {
          throw PlistError.encoding(error)
        }
        try context.writeBytes(TerminalText.forStandardOutput(bytes))
      case .file(let file):
        try FileAccess.writeAtomically(
          value, as: plist, to: file, options: jsonOptions, intoSpecialOutputs: true)
      }
    case .raw, .typeName:
      let text = format == .raw ? PlutilText.raw(value) : PlutilText.typeName(of: value)
      guard case .file(let file) = destination else {
        let newline = arguments.noNewline ? "" : "\n"
        return try context.writeOutput(TerminalText.forStandardOutput(text + newline))
      }
      try FileAccess.writeAtomically(Array(text.utf8), to: file)
    case .swift, .objectiveC:
      try sendSource(value, language: format == .swift ? .swift : .objectiveC, destination, header)
    }
  }

  /// `-convert swift|objc` (and `-extract … swift|objc`): the source, and with `-header` the
  /// Objective-C declaration beside it.
  private func sendSource(
    _ value: PlistValue, language: SourceLiteral.Language, _ destination: Output,
    _ header: Bool
  ) throws {
    let name = SourceLiteral.constantName(forInput: path)
    let inputName = path == "-" ? "-" : String(path.split(separator: "/").last ?? "-")
    guard case .file(let file) = destination else {
      let text = try SourceLiteral.source(
        value, language: language, name: name, inputName: inputName, header: nil)
      return try context.writeOutput(TerminalText.forStandardOutput(text))
    }
    let headerPath = Self.replacingExtension(of: file, with: "h")
    let headerName = String(headerPath.split(separator: "/").last ?? "")
    let text = try SourceLiteral.source(
      value, language: language, name: name, inputName: inputName,
      header: language == .objectiveC ? headerName : nil)
    try FileAccess.writeAtomically(Array(text.utf8), to: file)
    if header {
      let declaration = SourceLiteral.objectiveCHeader(value, name: name, inputName: inputName)
      try FileAccess.writeAtomically(Array(declaration.utf8), to: headerPath)
    }
  }

  /// plutil refuses what a format cannot hold: OpenStep at all; in JSON, a top that is not
  /// an array or dictionary, dates, data, and reals that are not finite.
  private func check(_ value: PlistValue, for format: PlistFormat) throws {
    switch format {
    case .openStep: throw PlutilFailure.noOpenStep
    case .json:
      guard value.fitsJSONFile else { throw PlutilFailure.notJSON }
    default: break
    }
  }

  /// JSON as plutil writes it (Foundation's layout): on one line, or indented with `-r`.
  private var jsonOptions: PropertyList.WriteOptions {
    var options = PropertyList.WriteOptions(prettyJSON: arguments.readable, jsonFragments: false)
    options.foundationJSON = true
    return options
  }

  /// The error a missing input gives (read the way `read()` reads it).
  private func missingFile() -> PlistError {
    .system(SystemError.missingFile(path))
  }
}

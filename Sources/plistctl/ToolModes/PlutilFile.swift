import PlistCore

/// One file of a plutil run: what the verb does to it and where the result goes.
struct PlutilFile {
  let arguments: PlutilArguments
  let path: String
  let context: CommandContext

  /// Where a verb's result goes: standard output, the input itself (under its lock), or
  /// another file.
  enum Destination: Equatable {
    case standardOutput
    case inPlace
    case file(String)
  }

  func run() throws {
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
    let destination = destination(for: format)
    guard destination == .inPlace else {
      let input = try read()
      let value = try change(input.value)
      return try send(value, as: format ?? kept(input.format), to: destination, header: header)
    }
    try FileAccess.edit(path: path, limits: try context.limits(), options: jsonOptions) {
      current, write in
      guard let current else { throw missingFile() }
      let value = try change(current.value)
      guard case .plist(let written) = format ?? kept(current.format) else { return }
      try check(value, for: written)
      try write(FileAccess.EditedFile(value: value, format: written))
    }
  }

  /// A rewrite keeps the input's format; plutil cannot write OpenStep.
  private func kept(_ format: PlistFormat) -> PlutilFormat { .plist(format) }

  /// `-extract KEYPATH FORMAT` and `-type KEYPATH`: only the top-level key's value is built.
  private func extract(_ keyPath: String, _ format: PlutilFormat, expect: String?) throws {
    let path = PlutilKeyPath(keyPath)
    let input: PlistValue
    do {
      input = try PropertyList.decode(
        keepingOnly: path.components[0], of: context.readBytes(self.path)
      ).value
    } catch let error as PlistParseError {
      throw PlistError.parse(error, source: CommandContext.sourceName(self.path))
    }
    LeftForExit.keep(input)
    guard let value = input.value(at: path) else {
      throw PlutilFailure(
        message:
          "Could not extract value, error: No value at that key path or invalid key path: \(keyPath)"
      )
    }
    let type = PlutilText.typeName(of: value)
    if let expect, expect != type {
      throw PlutilFailure(message: "Value at [\(keyPath)] expected to be \(expect) but is \(type)")
    }
    try send(value, as: format, to: destination(for: format), header: false)
  }

  /// Where the result goes: `-o PATH` (`-` standard output); standard input's result to
  /// standard output; `-e EXT` the input's path with that extension; Swift and Objective-C
  /// source beside the input (`.swift`, `.m`); a raw value or type word to standard
  /// output; else the input itself.
  private func destination(for format: PlutilFormat?) -> Destination {
    if let output = arguments.output { return output == "-" ? .standardOutput : .file(output) }
    if path == "-" || format == .raw || format == .typeName { return .standardOutput }
    if let fileExtension = arguments.fileExtension {
      return .file(Self.replacingExtension(of: path, with: fileExtension))
    }
    switch format {
    case .swift: return .file(Self.replacingExtension(of: path, with: "swift"))
    case .objectiveC: return .file(Self.replacingExtension(of: path, with: "m"))
    default: return .inPlace
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
    _ value: PlistValue, as format: PlutilFormat, to destination: Destination, header: Bool
  )
    throws
  {
    switch format {
    case .plist(let plist):
      try check(value, for: plist)
      switch destination {
      case .standardOutput: try context.writeValue(value, plist, jsonOptions)
      case .file(let file):
        try FileAccess.writeAtomically(
          value, as: plist, to: file, options: jsonOptions, intoSpecialOutputs: true)
      case .inPlace:
        try FileAccess.edit(path: path, limits: try context.limits(), options: jsonOptions) {
          _, write in try write(FileAccess.EditedFile(value: value, format: plist))
        }
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
    _ value: PlistValue, language: SourceLiteral.Language, _ destination: Destination,
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
      guard value.type == .array || value.type == .dictionary, Self.fitsJSON(value) else {
        throw PlutilFailure.notJSON
      }
    default: break
    }
  }

  private static func fitsJSON(_ value: PlistValue) -> Bool {
    switch value {
    case .date, .data, .uid: return false
    case .real(let real): return real.isFinite
    case .array(let items): return items.allSatisfy(fitsJSON)
    case .dictionary(let dictionary): return dictionary.values.allSatisfy(fitsJSON)
    default: return true
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

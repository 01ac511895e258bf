import PlistCore

/// plutil's command line, read as plutil reads it: the verb first (`-lint` when the first
/// word is no verb), the verb's own words strictly in order (`-insert KEYPATH -TYPE VALUE
/// [-append]`, `-extract KEYPATH FORMAT [-expect TYPE]`), then the shared options (`-s -r -n
/// -o PATH -e EXT --`) and the files, in any order. An argument error is plutil's own
/// sentence (`No files specified.`), which the mode prints bare.
struct PlutilArguments: Equatable {
  enum Verb: Equatable {
    case lint
    case help
    case print
    case convert(PlutilFormat, header: Bool)
    case insert(PlutilKeyPath, PlistValue, append: Bool)
    case replace(PlutilKeyPath, PlistValue)
    case remove(PlutilKeyPath)
    /// The key path as typed (messages quote it so), its format, `-expect`'s type.
    case extract(String, PlutilFormat, expect: String?)
    case type(String, expect: String?)
    case create(PlutilFormat)
  }

  var verb: Verb
  var files: [String] = []
  /// `-s`: nothing on standard output for a file that is fine.
  var silent = false
  /// `-r`: JSON for people (indented).
  var readable = false
  /// `-n`: no newline after a raw value or a type.
  var noNewline = false
  /// `-o PATH`.
  var output: String?
  /// `-e EXT`: the output's extension instead of the input's.
  var fileExtension: String?

  /// An argument error: plutil's sentence.
  struct Failure: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
  }

  init(_ arguments: [String]) throws(Failure) {
    var words = arguments[...]
    verb = try Self.verb(&words)
    if verb == .help { return }
    while let word = words.popFirst() {
      switch word {
      case "-s": silent = true
      case "-r": readable = true
      case "-n": noNewline = true
      case "--": continue
      case "-o", "-e":
        guard let value = words.popFirst() else { throw Failure("Missing argument for \(word).") }
        if word == "-o" { output = value } else { fileExtension = value }
      case _ where word.hasPrefix("-") && word.count > 1:
        throw Failure("unrecognized option: \(word)")
      default: files.append(word)
      }
    }
    guard !files.isEmpty else { throw Failure("No files specified.") }
    switch verb {
    case .lint, .print:
      let name = verb == .lint ? "lint" : "p"
      if output != nil { throw Failure("-o is not used with -\(name).") }
      if fileExtension != nil { throw Failure("-e is not used with -\(name).") }
    default: break
    }
  }

  /// The verb and its own words.
  private static func verb(_ words: inout ArraySlice<String>) throws(Failure) -> Verb {
    guard let first = words.first else { throw Failure("No files specified.") }
    let verbs = [
      "-lint", "-help", "-p", "-convert", "-insert", "-replace", "-remove", "-extract", "-type",
      "-create",
    ]
    guard verbs.contains(first) else { return .lint }
    words.removeFirst()
    switch first {
    case "-help": return .help
    case "-lint": return .lint
    case "-p": return .print
    case "-convert":
      guard let name = words.popFirst() else {
        throw Failure("Missing format specifier for command.")
      }
      let format = try PlutilFormat(name)
      let header = words.first == "-header"
      if header {
        words.removeFirst()
        guard format == .objectiveC else {
          throw Failure("-header is only valid for objc literal conversions.")
        }
      }
      return .convert(format, header: header)
    case "-insert", "-replace":
      return try edit(insert: first == "-insert", &words)
    case "-remove":
      guard let path = words.popFirst() else { throw Failure("'Remove' requires a key path.") }
      return .remove(PlutilKeyPath(path))
    case "-extract":
      guard let path = words.popFirst(), let name = words.popFirst() else {
        throw Failure("'Extract' requires a key path and a plist format.")
      }
      return .extract(path, try PlutilFormat(name, extracting: true), expect: try expect(&words))
    case "-type":
      guard let path = words.popFirst() else {
        throw Failure("'Extract' requires a key path and a plist format.")
      }
      return .type(path, expect: try expect(&words))
    default:
      guard let name = words.popFirst() else { throw Failure("'Create' requires a plist format.") }
      return .create(try PlutilFormat(name))
    }
  }

  /// `-insert`/`-replace KEYPATH -TYPE [VALUE] [-append]`.
  private static func edit(insert: Bool, _ words: inout ArraySlice<String>) throws(Failure) -> Verb
  {
    guard let path = words.popFirst(), let type = words.popFirst() else {
      throw Failure("'Insert' and 'Replace' require a key path, a type, and a value.")
    }
    let value: PlistValue
    switch type {
    case "-array": value = .array([])
    case "-dictionary": value = .dictionary(PlistDictionary())
    default:
      guard PlutilValue.types.contains(type) else {
        throw Failure("Unknown insert or replace type \(type)")
      }
      guard let text = words.popFirst() else {
        throw Failure("'Insert' and 'Replace' require a key path, a type, and a value.")
      }
      do { value = try PlutilValue.value(type, text) } catch { throw Failure(error.message) }
    }
    let append = words.first == "-append"
    if append { words.removeFirst() }
    let keyPath = PlutilKeyPath(path)
    return insert ? .insert(keyPath, value, append: append) : .replace(keyPath, value)
  }

  /// `-expect TYPE`, right after the verb's words.
  private static func expect(_ words: inout ArraySlice<String>) throws(Failure) -> String? {
    guard words.first == "-expect" else { return nil }
    words.removeFirst()
    guard let type = words.popFirst() else { throw Failure("-expect requires a type argument.") }
    guard PlutilText.typeNames.contains(type) else {
      throw Failure("-expect type [\(type)] not valid.")
    }
    return type
  }
}

/// The formats plutil writes.
enum PlutilFormat: Equatable {
  case plist(PlistFormat)
  case swift
  case objectiveC
  /// `-extract … raw`.
  case raw
  /// `-extract … type`: the type word, as `-type` prints it.
  case typeName

  init(_ name: String, extracting: Bool = false) throws(PlutilArguments.Failure) {
    switch name {
    case "xml1": self = .plist(.xml)
    case "binary1": self = .plist(.binary)
    case "json": self = .plist(.json)
    case "openStep": self = .plist(.openStep)
    case "swift": self = .swift
    case "objc": self = .objectiveC
    case "raw" where extracting: self = .raw
    case "type" where extracting: self = .typeName
    default: throw PlutilArguments.Failure("Unknown format specifier: \(name)")
    }
  }
}

/// How `-insert`/`-replace` read their value.
enum PlutilValue {
  static let types = [
    "-bool", "-integer", "-float", "-string", "-date", "-data", "-xml", "-json",
  ]

  struct Invalid: Error {
    let message: String
  }

  /// `-bool` is true for `true` or `yes` in any case, else false; `-integer` reads a leading
  /// decimal number (0 when there is none); `-float` likewise; `-date` the XML form
  /// `2024-01-02T03:04:05Z`; `-data` base64; `-xml` and `-json` a property list or JSON text
  /// (an XML fragment without `<plist>`, a JSON scalar).
  static func value(_ type: String, _ text: String) throws(Invalid) -> PlistValue {
    switch type {
    case "-bool": return .boolean(["true", "yes"].contains(text.lowercased()))
    case "-integer": return .integer(leadingInteger(text))
    case "-float": return .real(leadingReal(text))
    case "-string": return .string(text)
    case "-date":
      // As plutil: the text read as an XML plist's <date>.
      guard !text.contains("<") && !text.contains("&"),
        case .date(let date)? = try? xmlElement("date", text)
      else { throw Invalid(message: "Invalid date in argument: \(text)") }
      return .date(date)
    case "-data":
      // Characters outside base64's alphabet are skipped, as Foundation's decoder skips them.
      let alphabet = text.filter {
        $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0))
      }
      guard case .data(let data)? = try? xmlElement("data", alphabet) else {
        throw Invalid(message: "Invalid base64 data in argument")
      }
      return .data(data)
    case "-xml":
      let bytes = Array(text.utf8)
      let document =
        text.contains("<plist") ? bytes : Array("<plist>".utf8) + bytes + Array("</plist>".utf8)
      do { return try PropertyList.decode(document, as: .xml) } catch {
        throw Invalid(message: "Unable to parse xml property list: \(error)")
      }
    default:
      do { return try PropertyList.decode(Array(text.utf8), as: .json) } catch {
        throw Invalid(message: "Unable to parse JSON: \(error)")
      }
    }
  }

  /// A value read from `<plist><ELEMENT>TEXT</ELEMENT></plist>`.
  private static func xmlElement(_ element: String, _ text: String) throws -> PlistValue {
    try PropertyList.decode(Array("<plist><\(element)>\(text)</\(element)></plist>".utf8), as: .xml)
  }

  /// Foundation's `integerValue`: spaces, a sign, then digits up to the first other
  /// character; 0 without digits; the ends of the range past it.
  static func leadingInteger(_ text: String) -> PlistInteger {
    var rest = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }[...]
    var negative = false
    if let sign = rest.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      rest = rest.dropFirst()
    }
    var magnitude: Int64 = 0
    for character in rest {
      guard let digit = character.wholeNumberValue, character.isASCII else { break }
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(Int64(digit))
      if overflow || overflow2 { return PlistInteger(negative ? Int64.min : Int64.max) }
      magnitude = sum
    }
    return PlistInteger(negative ? -magnitude : magnitude)
  }

  /// Foundation's `doubleValue`: the longest leading number, 0 when there is none.
  static func leadingReal(_ text: String) -> Double {
    let trimmed = Substring(text.drop { $0 == " " || $0 == "\t" || $0 == "\n" })
    var end = trimmed.endIndex
    while end > trimmed.startIndex {
      if let value = Double(trimmed[..<end]) { return value }
      end = trimmed.index(before: end)
    }
    return 0
  }
}

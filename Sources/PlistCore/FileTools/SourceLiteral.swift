/// A property list as source code (`plutil -convert swift|objc`): one constant holding the
/// value as literals, four spaces a level, keys in plutil's order, a comma after every element.
/// Unlike plutil, strings are escaped so that the file always compiles, and reals keep every
/// digit (plutil writes six decimals).
package enum SourceLiteral {
  /// The language to write.
  package enum Language: Sendable {
    case swift
    /// Objective-C: a `.m` file, and with `-header` a `.h` declaring the constant.
    case objectiveC
  }

  /// Why a value cannot be written: Objective-C has no literal for a date or data.
  package struct Unrepresentable: Error, Equatable, CustomStringConvertible {
    package init() {}

    package var description: String {
      "Input contains an object that cannot be represented in Obj-C literal syntax"
    }
  }

  /// The constant's name from the input file's: its last component without the extension,
  /// every character that cannot be in an identifier made `_` (`_` for standard input).
  package static func constantName(forInput path: String) -> String {
    guard path != "-" else { return "_" }
    var stem = Substring(path.split(separator: "/").last ?? "")
    if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
    var name = ""
    for scalar in stem.unicodeScalars {
      let keep = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
      name.unicodeScalars.append(keep && scalar.isASCII ? scalar : "_")
    }
    if name.isEmpty || name.unicodeScalars.first.map({ ("0"..."9").contains($0) }) == true {
      name = "_" + name
    }
    return name
  }

  /// The source file: a comment naming the input, then the constant.
  ///
  /// - Parameters:
  ///   - value: The whole property list.
  ///   - language: Swift or Objective-C.
  ///   - name: The constant's name (`constantName(forInput:)`).
  ///   - inputName: The input's last component, for the comment (`-` for standard input).
  ///   - header: Objective-C: the header to import at the top (nil when writing to standard
  ///     output).
  /// - Returns: The file's text, ending in a newline.
  /// - Throws: `Unrepresentable` for a date or data in Objective-C.
  package static func source(
    _ value: PlistValue, language: Language, name: String, inputName: String, header: String?
  ) throws(Unrepresentable) -> String {
    var writer = Writer(language: language)
    let type = try writer.append(value, depth: 0)
    switch language {
    case .swift:
      // Swift infers a collection literal's type only when its elements agree: a root of
      // several types, or of none, is annotated.
      var annotation = ""
      if type == nil { annotation = value.type == .array ? " : [Any]" : " : [String : Any]" }
      return "/// Generated from \(inputName)\nlet \(name)\(annotation) = \(writer.text)\n"
    case .objectiveC:
      let imports = header.map { "#import \"\($0)\"\n\n" } ?? ""
      return imports + "/// Generated from \(inputName)\n__attribute__((visibility(\"hidden\")))\n"
        + "\(objectiveCType(value)) * const \(name) = \(writer.text);\n"
    }
  }

  /// `-header`: the Objective-C declaration of the constant.
  package static func objectiveCHeader(_ value: PlistValue, name: String, inputName: String)
    -> String
  {
    "#import <Foundation/Foundation.h>\n\n/// Generated from \(inputName)\n"
      + "__attribute__((visibility(\"hidden\")))\nextern \(objectiveCType(value)) * const \(name);\n"
  }

  private static func objectiveCType(_ value: PlistValue) -> String {
    switch value {
    case .dictionary: return "NSDictionary"
    case .array: return "NSArray"
    case .string: return "NSString"
    default: return "NSNumber"
    }
  }

  /// The literal of one value and everything in it, written in one walk that also works out
  /// the type Swift infers for each literal (so that each is looked at once: asking again at
  /// every level took time exponential in the depth).
  private struct Writer {
    let language: Language
    var text = ""

    /// Appends the literal; returns the type Swift infers for it (`Int`, `[String]`,
    /// `[String : [Any]]`), or nil when it needs an annotation: a collection of elements of
    /// several types, or of none.
    mutating func append(_ value: PlistValue, depth: Int) throws(Unrepresentable) -> String? {
      let objectiveC = language == .objectiveC
      let indent = String(repeating: "    ", count: depth + 1)
      let closing = String(repeating: "    ", count: depth)
      switch value {
      case .dictionary(let dictionary):
        if dictionary.isEmpty {
          text += objectiveC ? "@{}" : "[:]"
          return nil
        }
        text += objectiveC ? "@{\n" : "[\n"
        var types: Set<String?> = []
        for key in PlutilText.ordered(dictionary.keys) {
          text += indent + string(key) + " : "
          types.insert(try append(dictionary[key] ?? .string(""), nested: depth + 1))
          text += ",\n"
        }
        text += closing + (objectiveC ? "}" : "]")
        return types.count == 1 ? types.first.flatMap { $0 }.map { "[String : \($0)]" } : nil
      case .array(let items):
        text += objectiveC ? "@[\n" : "[\n"
        var types: Set<String?> = []
        for item in items {
          text += indent
          types.insert(try append(item, nested: depth + 1))
          text += ",\n"
        }
        text += closing + "]"
        return types.count == 1 ? types.first.flatMap { $0 }.map { "[\($0)]" } : nil
      case .string(let value):
        text += string(value)
        return "String"
      case .boolean(let flag):
        text += objectiveC ? (flag ? "@YES" : "@NO") : (flag ? "true" : "false")
        return "Bool"
      case .integer(let integer):
        text += (objectiveC ? "@" : "") + integer.description
        return "Int"
      case .uid(let uid):
        text += (objectiveC ? "@" : "") + String(uid)
        return "Int"
      case .real(let real):
        text += (objectiveC ? "@" : "") + Self.real(real)
        return "Double"
      case .date(let date):
        guard !objectiveC else { throw Unrepresentable() }
        text += "Date(timeIntervalSinceReferenceDate: \(Self.real(date.secondsSinceReferenceDate)))"
        return "Date"
      case .data(let data):
        guard !objectiveC else { throw Unrepresentable() }
        text += "Data(bytes: ["
        for byte in data.bytes {
          let digits = String(byte, radix: 16, uppercase: true)
          text += "0x" + (digits.count == 1 ? "0" : "") + digits + ","
        }
        text += "])"
        return "Data"
      }
    }

    /// A nested value: a collection Swift cannot infer on its own says what it is (and is
    /// then of that type to its parent).
    mutating func append(_ value: PlistValue, nested depth: Int) throws(Unrepresentable)
      -> String?
    {
      if let type = try append(value, depth: depth) { return type }
      guard language == .swift else { return nil }
      let type = value.type == .array ? "[Any]" : "[String : Any]"
      text += " as " + type
      return type
    }

    /// A real as a literal that reads back as the same double (`1.5`, `3.0`, `1e+20`).
    static func real(_ value: Double) -> String {
      guard value.isFinite else {
        return value.isNaN ? "Double.nan" : (value < 0 ? "-Double.infinity" : "Double.infinity")
      }
      return value.description
    }

    /// A string literal, escaped for the language.
    func string(_ value: String) -> String {
      var out = language == .objectiveC ? "@\"" : "\""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
          if language == .swift {
            out += "\\u{" + String(scalar.value, radix: 16) + "}"
          } else {
            let octal = String(scalar.value, radix: 8)
            out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
          }
        default: out.unicodeScalars.append(scalar)
        }
      }
      return out + "\""
    }
  }
}

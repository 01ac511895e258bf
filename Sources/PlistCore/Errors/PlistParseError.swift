/// Why a reader refused its input, in which format, and where.
///
/// Its description is one lowercase line, e.g. `xml: line 12, column 3: unexpected end of input
/// while reading <dict>`.
public struct PlistParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The format being read.
  public let format: PlistFormat
  /// What was wrong.
  public let kind: Kind
  /// Where it was found.
  public let position: Position

  /// Creates a parse error.
  ///
  /// - Parameters:
  ///   - format: The format being read.
  ///   - kind: What was wrong.
  ///   - position: Where it was found.
  init(format: PlistFormat, kind: Kind, position: Position) {
    self.format = format
    self.kind = kind
    self.position = position
  }

  /// A place in the input.
  public enum Position: Equatable, Sendable {
    /// A 1-based line and column (columns count Unicode scalars), for the text formats.
    case line(Int, column: Int)
    /// A byte offset from the start, for the binary format.
    case byteOffset(Int)
    /// The input as a whole (for example an empty file).
    case wholeInput
  }

  /// The classes of failure a reader reports.
  public enum Kind: Equatable, Sendable {
    /// The input ended inside a construct (named in the payload).
    case unexpectedEnd(while: String)
    /// A byte or character that may not stand here; the payload says what was expected.
    case unexpected(found: String, expected: String)
    /// A construct whose content is invalid (a bad number, date, escape, tag or structure).
    case invalid(String)
    /// Nesting deeper than the reader allows.
    case tooDeep(limit: Int)
    /// A binary plist whose object graph loops back on itself.
    case cycle(object: Int)
    /// Shared objects that would expand to more values than the reader allows.
    case expansionLimit(Int)
    /// Text that is not valid in its declared or detected encoding.
    case encoding(String)
    /// The input is empty.
    case empty
  }

  /// One line: the format, the position, and what was wrong.
  public var description: String {
    let place: String
    switch position {
    case .line(let line, let column): place = "line \(line), column \(column): "
    case .byteOffset(let offset): place = "byte \(offset): "
    case .wholeInput: place = ""
    }
    return "\(format.name): \(place)\(kind.message)"
  }
}

extension PlistParseError.Kind {
  /// The kind as a short lowercase phrase.
  var message: String {
    switch self {
    case .unexpectedEnd(let context): return "unexpected end of input while \(context)"
    case .unexpected(let found, let expected): return "unexpected \(found), expected \(expected)"
    case .invalid(let what): return what
    case .tooDeep(let limit): return "nesting deeper than \(limit) levels"
    case .cycle(let object): return "object \(object) contains itself (a reference cycle)"
    case .expansionLimit(let limit):
      return "shared objects expand to more than \(limit) values"
    case .encoding(let what): return what
    case .empty: return "the input is empty"
    }
  }
}

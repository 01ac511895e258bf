/// What an app preserved: who saved it and when, the app-wide values, and the tree of its
/// elements' states. Stored as a binary plist (`StateFiles`):
///
/// ```
/// { Format = 1; SavedBy = "2.1"; SavedAt = <date>; AppState = { … };
///   Elements = ( { Identifier = "tabs"; State = { … }; Children = ( … ); } ); }
/// ```
public struct StateArchive: Equatable, Sendable {
  /// The app's version that saved it (an app may refuse an archive from an older one).
  public var savedBy: String
  /// When it was saved.
  public var savedAt: PlistDate
  /// The app-wide values (`StateRestoration.shouldSave`'s coder).
  public var appState: PlistDictionary
  /// The top of the tree: the root element (an app preserves one root).
  public var elements: [StateElement]

  /// An archive of these parts.
  public init(
    savedBy: String, savedAt: PlistDate, appState: PlistDictionary, elements: [StateElement]
  ) {
    self.savedBy = savedBy
    self.savedAt = savedAt
    self.appState = appState
    self.elements = elements
  }

  /// The version of the archive's layout that this PlistCore writes and reads.
  static let format = 1
  /// The deepest tree an archive may hold (an app's screens are a few levels deep; a file
  /// that says more is not an archive to walk).
  static let maximumDepth = 64
  /// The most elements an archive may hold.
  static let maximumElements = 100_000
}

/// One element's preserved state and its children's, in the order they were walked.
public struct StateElement: Equatable, Sendable {
  /// Its restoration identifier, unique among its siblings.
  public var identifier: String
  /// What it encoded.
  public var state: PlistDictionary
  /// The elements under it that have identifiers.
  public var children: [StateElement]

  /// An element of these parts.
  public init(identifier: String, state: PlistDictionary, children: [StateElement] = []) {
    self.identifier = identifier
    self.state = state
    self.children = children
  }

  /// The child with this identifier, or nil.
  public func child(_ identifier: String) -> StateElement? {
    children.first { $0.identifier == identifier }
  }
}

// MARK: - The plist form

extension StateArchive {
  private enum Key {
    static let format = "Format"
    static let savedBy = "SavedBy"
    static let savedAt = "SavedAt"
    static let appState = "AppState"
    static let elements = "Elements"
    static let identifier = "Identifier"
    static let state = "State"
    static let children = "Children"
  }

  /// The archive as a plist value.
  var plistValue: PlistValue {
    .dictionary([
      Key.format: .integer(PlistInteger(Self.format)), Key.savedBy: .string(savedBy),
      Key.savedAt: .date(savedAt), Key.appState: .dictionary(appState),
      Key.elements: .array(elements.map(Self.plistValue(of:))),
    ])
  }

  private static func plistValue(of element: StateElement) -> PlistValue {
    var entry: PlistDictionary = [
      Key.identifier: .string(element.identifier), Key.state: .dictionary(element.state),
    ]
    if !element.children.isEmpty {
      entry[Key.children] = .array(element.children.map(plistValue(of:)))
    }
    return .dictionary(entry)
  }

  /// Reads an archive from its plist value, checking its shape and its bounds.
  ///
  /// - Throws: `StateArchive.Problem`, saying what is wrong where.
  init(plistValue value: PlistValue) throws(Problem) {
    guard case .dictionary(let top) = value else { throw .notAnArchive }
    guard let format = top[Key.format]?.intValue else { throw .notAnArchive }
    guard format == Self.format else { throw .unknownFormat(format) }
    guard case .string(let savedBy)? = top[Key.savedBy] else { throw .malformed(Key.savedBy) }
    guard case .date(let savedAt)? = top[Key.savedAt] else { throw .malformed(Key.savedAt) }
    var appState = PlistDictionary()
    if let value = top[Key.appState] {
      guard case .dictionary(let dictionary) = value else { throw .malformed(Key.appState) }
      appState = dictionary
    }
    var count = 0
    let elements = try Self.elements(top[Key.elements], at: Key.elements, depth: 1, count: &count)
    self.init(savedBy: savedBy, savedAt: savedAt, appState: appState, elements: elements)
  }

  private static func elements(
    _ value: PlistValue?, at path: String, depth: Int, count: inout Int
  ) throws(Problem) -> [StateElement] {
    guard let value else { return [] }
    guard case .array(let entries) = value else { throw .malformed(path) }
    guard depth <= maximumDepth else { throw .tooDeep(limit: maximumDepth) }
    var elements: [StateElement] = []
    for (index, entry) in entries.enumerated() {
      let place = "\(path)[\(index)]"
      count += 1
      guard count <= maximumElements else { throw .tooManyElements(limit: maximumElements) }
      guard case .dictionary(let fields) = entry,
        case .string(let identifier)? = fields[Key.identifier]
      else { throw .malformed(place) }
      var state = PlistDictionary()
      if let value = fields[Key.state] {
        guard case .dictionary(let dictionary) = value else { throw .malformed(place) }
        state = dictionary
      }
      let children = try Self.elements(
        fields[Key.children], at: place + "." + Key.children, depth: depth + 1, count: &count)
      elements.append(StateElement(identifier: identifier, state: state, children: children))
    }
    return elements
  }

  /// Why a file is not an archive this PlistCore can restore from.
  public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a dictionary with a `Format`.
    case notAnArchive
    /// A `Format` this PlistCore does not know (a newer one wrote it).
    case unknownFormat(Int)
    /// A part missing or of the wrong type, by its place (`Elements[0].Children`).
    case malformed(String)
    /// The tree is deeper than the limit.
    case tooDeep(limit: Int)
    /// More elements than the limit.
    case tooManyElements(limit: Int)
    /// The file does not parse.
    case unparsable(PlistParseError)
    /// The file is larger than an archive may be.
    case tooLarge(limit: Int)

    /// The problem in a few words.
    public var description: String {
      switch self {
      case .notAnArchive: "not a state archive"
      case .unknownFormat(let format): "archive format \(format), newer than this reader's 1"
      case .malformed(let place): "\(place) is missing or of the wrong type"
      case .tooDeep(let limit): "elements nested deeper than \(limit) levels"
      case .tooManyElements(let limit): "more than \(limit) elements"
      case .unparsable(let error): "\(error)"
      case .tooLarge(let limit): "larger than \(FileLimits.sizeText(limit))"
      }
    }
  }
}

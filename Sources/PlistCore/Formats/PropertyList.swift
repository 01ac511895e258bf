/// Reading and writing property lists in any of the four formats: the entry points that the
/// domain store and the command line use.
public enum PropertyList {
  /// The deepest nesting of arrays and dictionaries that every reader accepts and every
  /// writer produces: 512 levels, as in libplist.
  ///
  /// Depth counts containers only: a root array or dictionary is at depth 1, a container
  /// directly inside it at depth 2, and so on; scalars add nothing, so a scalar root has
  /// depth 0 and a string inside 512 nested arrays is still within the limit. Containers
  /// nested exactly `maximumDepth` deep are read and written; one level more is refused, by
  /// readers with `PlistParseError.Kind.tooDeep(limit:)` and by writers with a
  /// `PlistEncodingError` naming the limit. Empty containers count like any other. XML and
  /// JSON spell a UID as a one-entry dictionary, so in those formats a UID counts as a
  /// container too.
  public static let maximumDepth = 512

  /// Options for writing.
  public struct WriteOptions: Sendable {
    /// JSON only: indent with two spaces (the default) or write everything on one line.
    public var prettyJSON: Bool
    /// JSON only: whether a scalar may be the whole output, a fragment (as `read --json D K`
    /// prints one). A property-list file in JSON may not be one, as plutil requires: `456`
    /// alone is the OpenStep string "456" when read back as a file, so a round trip would
    /// change the value's type.
    public var jsonFragments: Bool
    /// JSON only: Foundation's `JSONSerialization` layout, as macOS plutil writes JSON:
    /// `"key" : value` when indented, `/` escaped as `\/`, an empty container indented as
    /// `{` and `}` with an empty line between, an integral real without `.0`, and no newline
    /// at the end.
    package var foundationJSON = false

    /// Creates write options.
    ///
    /// - Parameters:
    ///   - prettyJSON: Indent JSON output.
    ///   - jsonFragments: Allow a JSON root that is not an array or a dictionary.
    public init(prettyJSON: Bool = true, jsonFragments: Bool = true) {
      self.prettyJSON = prettyJSON
      self.jsonFragments = jsonFragments
    }
  }

  /// Serialises a value.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - format: The format to write.
  ///   - options: Format-specific choices.
  /// - Returns: The bytes.
  /// - Throws: `PlistEncodingError` when the format cannot hold a value in `value` (a date
  ///   in OpenStep, NaN in JSON,
  ///   nesting deeper than `maximumDepth`).
  public static func encode(
    _ value: PlistValue, as format: PlistFormat, options: WriteOptions = WriteOptions()
  ) throws(PlistEncodingError) -> [UInt8] {
    let out = ByteOutput()
    try encode(value, as: format, options: options, into: out)
    return out.finish()
  }

  /// Serialises a value in 64 KiB pieces, so that large output never sits in memory whole.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - format: The format to write.
  ///   - options: Format-specific choices.
  ///   - drain: Receives each piece; the pointer is valid only during the call.
  /// - Throws: `PlistEncodingError` as `encode(_:as:options:)` does.
  static func encode(
    _ value: PlistValue, as format: PlistFormat, options: WriteOptions = WriteOptions(),
    drain: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(PlistEncodingError) {
    let out = ByteOutput(drain: drain)
    try encode(value, as: format, options: options, into: out)
    _ = out.finish()
  }

  static func encode(
    _ value: PlistValue, as format: PlistFormat, options: WriteOptions, into out: ByteOutput
  ) throws(PlistEncodingError) {
    switch format {
    case .xml: try XMLPlistWriter.write(value, to: out)
    case .binary: try BinaryPlistWriter.write(value, to: out)
    case .openStep: try OpenStepWriter.write(value, to: out)
    case .json:
      try JSONPlistWriter.write(
        value, pretty: options.prettyJSON, fragments: options.jsonFragments,
        foundationLayout: options.foundationJSON, to: out)
    }
  }

  /// The value as `defaults read` prints it (see `DescriptionWriter`), without a final newline.
  ///
  /// - Parameter value: The value.
  /// - Returns: The text.
  public static func describe(_ value: PlistValue) -> String {
    DescriptionWriter.describe(value)
  }
}

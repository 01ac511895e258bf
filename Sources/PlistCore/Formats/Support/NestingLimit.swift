/// The one nesting check that every reader and writer makes, so that they all count depth as
/// `PropertyList.maximumDepth` defines it.
///
/// Each codec passes along `enclosing`, the number of arrays and dictionaries around the value
/// at hand (0 for the root value), and asks before it opens a container, which then sits at
/// depth `enclosing + 1`.
enum NestingLimit {
  /// Whether a container inside `enclosing` others is within the limit.
  @inline(__always)
  static func allowsContainer(inside enclosing: Int) -> Bool {
    enclosing < PropertyList.maximumDepth
  }

  /// Throws unless a container inside `enclosing` others is within the limit.
  @inline(__always)
  static func checkWriting(inside enclosing: Int, format: PlistFormat)
    throws(PlistEncodingError)
  {
    if !allowsContainer(inside: enclosing) { throw encodingError(format) }
  }

  /// The error a writer throws for a container beyond the limit.
  static func encodingError(_ format: PlistFormat) -> PlistEncodingError {
    PlistEncodingError(
      format: format, reason: "nesting deeper than \(PropertyList.maximumDepth) levels", path: "")
  }

  /// The error a reader throws for a container beyond the limit.
  static func parseError(_ format: PlistFormat, at position: PlistParseError.Position)
    -> PlistParseError
  {
    PlistParseError(
      format: format, kind: .tooDeep(limit: PropertyList.maximumDepth), position: position)
  }
}

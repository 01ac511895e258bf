/// Why a writer could not express a value in its format, and where in the value.
public struct PlistEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The format being written.
  public let format: PlistFormat
  /// What could not be written, e.g. `a nan real`.
  public let reason: String
  /// The key path of the offending value (`:a:0:b`), empty for the root.
  public let path: String

  /// Creates an encoding error.
  ///
  /// - Parameters:
  ///   - format: The format being written.
  ///   - reason: What could not be written.
  ///   - path: Where in the value.
  init(format: PlistFormat, reason: String, path: String) {
    self.format = format
    self.reason = reason
    self.path = path
  }

  /// One line, e.g. `json: cannot write a nan real (at :scale)`.
  public var description: String {
    let place = path.isEmpty ? "the root value" : path
    return "\(format.name): cannot write \(reason) (at \(place))"
  }
}

extension PlistEncodingError {
  /// The same error one level further out: `component` is the dictionary key or array index
  /// under which the offending value sits. Writers call this while unwinding, so the success
  /// path pays nothing for paths.
  func inside(_ component: String) -> PlistEncodingError {
    var escaped = ""
    for ch in component { escaped += ch == ":" ? "\\:" : String(ch) }
    return PlistEncodingError(format: format, reason: reason, path: ":" + escaped + path)
  }
}

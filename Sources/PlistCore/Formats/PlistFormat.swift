/// The four property-list formats PlistCore reads and writes.
public enum PlistFormat: String, Sendable, CaseIterable {
  /// Apple's XML plist (`<?xml …?><plist version="1.0">`).
  case xml
  /// The `bplist00` binary format.
  case binary
  /// The OpenStep ("old-style", NeXT) text format, including `.strings` files.
  case openStep
  /// JSON, with the mapping described in docs/formats.md.
  case json

  /// The name used on the command line and in messages: `xml`, `binary`, `openstep`, `json`.
  public var name: String {
    switch self {
    case .xml: return "xml"
    case .binary: return "binary"
    case .openStep: return "openstep"
    case .json: return "json"
    }
  }

  /// Detects the format of some bytes as CoreFoundation does: the binary magic first, then
  /// XML, and OpenStep for any other text. JSON is never detected (it is also valid-looking
  /// OpenStep); `PropertyList.decode` falls back to it when OpenStep fails.
  ///
  /// - Parameter bytes: The start of the input (the first few hundred bytes are enough).
  /// - Returns: The detected format.
  static func detect(_ bytes: [UInt8]) -> PlistFormat { detect(head: bytes) }

  /// `detect(_:)` for bytes in any collection.
  static func detect(head bytes: some Collection<UInt8>) -> PlistFormat {
    // Contiguous bytes (every reader's input) are looked at in place, not copied.
    if let format = bytes.withContiguousStorageIfAvailable({
      detect(buffer: UnsafeBufferPointer(rebasing: $0.prefix(1024)))
    }) {
      return format
    }
    return Array(bytes.prefix(1024)).withUnsafeBufferPointer { detect(buffer: $0) }
  }

  private static func detect(buffer: UnsafeBufferPointer<UInt8>) -> PlistFormat {
    if ASCII.hasPrefix("bplist0", buffer) { return .binary }
    let xml = try? TextDecoder.withUTF8(buffer, format: .xml, allowTruncation: true) {
      (text) throws(PlistParseError) in TextDecoder.looksLikeXML(text)
    }
    return xml ?? true ? .xml : .openStep
  }
}

// MARK: - The streaming binary converter's JSON side

extension JSONPlistWriter: StreamingPlistWriter {
  static var format: PlistFormat { .json }

  init(streamingTo out: ByteOutput, pretty: Bool) { self.init(out: out, pretty: pretty) }

  func begin() {}

  func end() { out.append(0x0A) }

  /// An array or dictionary opens: `[`, `[]` when empty, or in Foundation's indented
  /// layout the empty brackets with an empty line between.
  func open(_ tag: XMLTag, depth: Int, empty: Bool) {
    out.append(UInt8(ascii: tag == .array ? "[" : "{"))
    guard empty else { return }
    if foundationLayout && pretty {
      out.append(0x0A)
      newline(depth)
    }
    out.append(UInt8(ascii: tag == .array ? "]" : "}"))
  }

  func startItem(_ position: Int, depth: Int) {
    if position > 0 { out.append(UInt8(ascii: ",")) }
    newline(depth)
  }

  func startEntry(_ position: Int, key: String, depth: Int) {
    startItem(position, depth: depth)
    appendString(key)
    out.append(pretty ? (foundationLayout ? " : " : ": ") : ":")
  }

  func close(_ tag: XMLTag, depth: Int) {
    newline(depth)
    out.append(UInt8(ascii: tag == .array ? "]" : "}"))
  }
}

// MARK: - The streaming binary converter's OpenStep side

/// The calls a tree (`writeTree`) and the streaming converter make: an item's separator (`,`
/// in an array, `;` after a dictionary's value) is written when the next one starts or the
/// container closes, since only then is it known whether the previous one was the last. (Both
/// close only containers that are not empty.)
extension OpenStepWriter: StreamingPlistWriter {
  static var format: PlistFormat { .openStep }

  init(streamingTo out: ByteOutput, pretty: Bool) { self.init(out: out) }

  func begin() {}

  func end() { out.append(0x0A) }

  func open(_ tag: XMLTag, depth: Int, empty: Bool) {
    if tag == .array {
      out.append(empty ? "()" : "(\n")
    } else {
      out.append(empty ? "{\n}" : "{\n")
    }
  }

  func startItem(_ position: Int, depth: Int) {
    if position > 0 { out.append(",\n") }
    indent(depth)
  }

  func startEntry(_ position: Int, key: String, depth: Int) {
    if position > 0 { out.append(";\n") }
    indent(depth)
    Self.appendString(key, to: out)
    out.append(" = ")
  }

  func close(_ tag: XMLTag, depth: Int) {
    out.append(tag == .array ? "\n" : ";\n")
    indent(depth)
    out.append(UInt8(ascii: tag == .array ? ")" : "}"))
    out.flushIfFull()
  }

  func writeData(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int) {
    appendData(bytes)
    out.flushIfFull()
  }
}

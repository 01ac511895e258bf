// MARK: - The streaming binary converter's XML side

extension XMLPlistWriter: StreamingPlistWriter {
  static var format: PlistFormat { .xml }

  init(streamingTo out: ByteOutput, pretty: Bool) { self.init(out: out) }

  func begin() { out.append(XMLPlistWriter.header) }

  func end() { out.append("</plist>\n") }

  func open(_ tag: XMLTag, depth: Int, empty: Bool) {
    indent(depth)
    open(tag, empty: empty)
  }

  func startItem(_ position: Int, depth: Int) {}

  func startEntry(_ position: Int, key: String, depth: Int) { writeKey(key, depth: depth) }

  func startEntry(_ position: Int, utf8Key key: UnsafeBufferPointer<UInt8>, depth: Int) {
    writeKey(utf8: key, depth: depth)
  }

  func startEntry(_ position: Int, utf16Key key: UnsafeBufferPointer<UInt8>, depth: Int) {
    indent(depth)
    out.append("<key>")
    appendEscaped(utf16: key)
    out.append("</key>\n")
  }

  func writeString(utf16 units: UnsafeBufferPointer<UInt8>, depth: Int) {
    indent(depth)
    out.append("<string>")
    appendEscaped(utf16: units)
    out.append("</string>\n")
    out.flushIfFull()
  }

  /// Well-formed UTF-16 as escaped UTF-8, transcoded and escaped straight into the output in
  /// one pass.
  private func appendEscaped(utf16 units: UnsafeBufferPointer<UInt8>) {
    let escapes = TextEscapes(controls: escapeControls)
    _ = out.append(atMost: UTF16BigEndian.maximumUTF8(units, escaping: escapes)) { buffer in
      buffer.baseAddress.flatMap { UTF16BigEndian.writeUTF8(units, into: $0, escaping: escapes) }
        ?? 0
    }
  }

  func writeData(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int) {
    indent(depth)
    appendData(bytes, depth: depth)
    out.flushIfFull()
  }
}

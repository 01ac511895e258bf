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

  /// Well-formed UTF-16 as escaped UTF-8, transcoded straight into the output; escaped
  /// afterwards in the rarer text that needs it.
  private func appendEscaped(utf16 units: UnsafeBufferPointer<UInt8>) {
    let start = out.position
    var markup = false
    _ = out.append(atMost: UTF16BigEndian.maximumUTF8(units)) { buffer in
      guard let base = buffer.baseAddress, let written = UTF16BigEndian.writeUTF8(units, into: base)
      else { return 0 }
      markup = written.markup
      return written.count
    }
    guard markup else { return }
    let text = Array(out.buffered(start..<out.position))
    out.truncate(to: start)
    text.withUnsafeBufferPointer { appendEscaped($0) }
  }

  func writeData(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int) {
    indent(depth)
    appendData(bytes, depth: depth)
    out.flushIfFull()
  }

  func writeScalar(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    try write(value, depth: depth)
  }
}

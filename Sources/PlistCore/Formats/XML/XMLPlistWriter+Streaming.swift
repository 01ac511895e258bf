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

  func writeData(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int) {
    indent(depth)
    appendData(bytes, depth: depth)
    out.flushIfFull()
  }

  func writeScalar(_ value: PlistValue, depth: Int) throws(PlistEncodingError) {
    try write(value, depth: depth)
  }
}

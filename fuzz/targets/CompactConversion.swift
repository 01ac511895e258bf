// The xml target's second check: XML to binary through the compact storage.

/// XML to binary through the compact storage (`XMLPlistReader.readCompact`,
/// `CompactPlistWriter`) must write the tree path's bytes wherever the XML reader reads the
/// input (`value`), and refuse wherever it refuses (`value` nil).
func compareCompactConversion(_ bytes: [UInt8], _ value: PlistValue?) {
  let compact: [UInt8]? = bytes.withUnsafeBufferPointer { buffer in
    guard let plist = try? XMLPlistReader.readCompact(buffer) else { return nil }
    let out = ByteOutput()
    CompactPlistWriter.write(plist, to: out)
    return out.finish()
  }
  guard let value else {
    precondition(compact == nil, "the compact path accepts XML the tree reader refuses")
    return
  }
  let tree = try? PropertyList.encode(value, as: .binary)
  precondition(compact != nil, "the compact path refuses XML the tree reader reads")
  precondition(compact == tree, "the compact path's binary differs from the tree's")
}

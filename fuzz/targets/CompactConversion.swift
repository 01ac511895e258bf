// The xml target's second check: XML to binary through the compact storage.

/// XML to binary through the compact storage (`XMLCompactVisitor`, `CompactPlistWriter`)
/// must write the tree path's bytes wherever the XML reader reads the input, and refuse
/// with the XML reader's very error wherever it refuses (`tree`).
func compareCompactConversion(_ bytes: [UInt8], _ tree: Result<PlistValue, PlistParseError>) {
  let compact = bytes.withUnsafeBufferPointer { buffer in
    Result { () throws(PlistParseError) -> [UInt8]? in
      guard let plist = try XMLPlistReader.readCompact(buffer) else { return nil }
      let out = ByteOutput()
      // An encoding error (more objects than a file holds) cannot happen here; none
      // differs from the tree's bytes.
      guard (try? CompactPlistWriter.write(plist, to: out)) != nil else { return nil }
      return out.finish()
    }
  }
  switch (tree, compact) {
  case (.failure(let error), .failure(let compactError)):
    precondition(compactError == error, "the compact path refuses with another error")
  case (.success(let value), .success(let binary)):
    precondition(binary != nil, "the compact path refuses XML the tree reader reads")
    precondition(
      binary == (try? PropertyList.encode(value, as: .binary)),
      "the compact path's binary differs from the tree's")
  case (.failure, .success):
    preconditionFailure("the compact path accepts XML the tree reader refuses")
  case (.success, .failure):
    preconditionFailure("the compact path refuses XML the tree reader reads")
  }
}

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Listing a directory with each entry's kind

extension Platform {
  /// Calls `body` with the name (its bytes, valid only during the call) and the kind of each
  /// entry of a directory but `.` and `..`. The kind is the one `readdir` (getdents64) reports
  /// with the entry, so a listing costs no `lstat` per file; only a file system that does not
  /// say (`DT_UNKNOWN`) gets one.
  ///
  /// - Parameters:
  ///   - path: The directory.
  ///   - body: Receives each entry.
  /// - Throws: `SystemError` when the directory cannot be opened.
  static func forEachEntry(
    in path: String, _ body: (UnsafeBufferPointer<UInt8>, FileKind) -> Void
  ) throws(SystemError) {
    guard let dir = opendir(path) else { throw SystemError(operation: .list, path: path) }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let type = entry.pointee.d_type
      withUnsafeBytes(of: &entry.pointee.d_name) { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var length = 0
        while length < bytes.count, bytes[length] != 0 { length += 1 }
        let name = UnsafeBufferPointer(rebasing: bytes[..<length])
        if length == 1 && name[0] == 0x2E { return }
        if length == 2 && name[0] == 0x2E && name[1] == 0x2E { return }
        body(name, kind(ofEntry: name, type: type, in: path))
      }
    }
  }

  private static func kind(ofEntry name: UnsafeBufferPointer<UInt8>, type: UInt8, in path: String)
    -> FileKind
  {
    switch Int32(type) {
    case Int32(DT_REG): return .regular
    case Int32(DT_DIR): return .directory
    case Int32(DT_LNK): return .symbolicLink
    case Int32(DT_UNKNOWN): return kind(atPath: path + "/" + String(decoding: name, as: UTF8.self))
    default: return .other
    }
  }
}

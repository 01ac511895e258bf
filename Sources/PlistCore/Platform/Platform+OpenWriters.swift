#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Who has a file open for writing

extension Platform {
  /// Whether a process that this user can see (this one included) has the file at `path`
  /// open for writing, from `/proc/PID/fd` and `/proc/PID/fdinfo`. A program that saves a
  /// file in place (Foundation on Linux truncates it, then writes) holds it open from the
  /// truncation to the end of its text, so an empty or half-written file that nobody holds
  /// open is what it is, and one that somebody holds open is still being saved. False when it
  /// cannot be told (no `/proc`, or the writer is another user's or in another PID
  /// namespace): the caller's other evidence stands then.
  ///
  /// Costs a `stat` per open descriptor of this user's processes (a few milliseconds), so it
  /// is asked only of a file that is empty or does not parse.
  static func isOpenForWriting(_ path: String) -> Bool {
    var file = stat()
    guard stat(path, &file) == 0, let processes = opendir("/proc") else { return false }
    defer { closedir(processes) }
    while let entry = readdir(processes) {
      let process = entryName(entry)
      guard isNumber(process) else { continue }
      let descriptors = "/proc/\(process)/fd"
      // Another user's processes are not listed (EACCES): skipped.
      guard let listing = opendir(descriptors) else { continue }
      defer { closedir(listing) }
      while let fdEntry = readdir(listing) {
        let descriptor = entryName(fdEntry)
        guard isNumber(descriptor) else { continue }
        var info = stat()
        guard stat("\(descriptors)/\(descriptor)", &info) == 0,
          info.st_dev == file.st_dev, info.st_ino == file.st_ino,
          let flags = openFlags(process: process, descriptor: descriptor)
        else { continue }
        if flags & O_ACCMODE != O_RDONLY { return true }
      }
    }
    return false
  }

  /// A directory entry's name.
  private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
    }
  }

  private static func isNumber(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// The `flags:` of `/proc/PID/fdinfo/FD` (octal), the descriptor's open flags.
  private static func openFlags(process: String, descriptor: String) -> Int32? {
    guard let bytes = try? readFile(atPath: "/proc/\(process)/fdinfo/\(descriptor)") else {
      return nil
    }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    where line.hasPrefix("flags:") {
      return Int32(
        String(line.dropFirst("flags:".count).filter { $0 != " " && $0 != "\t" }), radix: 8)
    }
    return nil
  }
}

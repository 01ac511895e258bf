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
  /// A process that this user can see (this one included) that has the file at `path` open
  /// for writing, from `/proc/PID/fd` and `/proc/PID/fdinfo`: its id. A program that saves a
  /// file in place (Foundation on Linux truncates it, then writes) holds it open from the
  /// truncation to the end of its text, so an empty or half-written file that nobody holds
  /// open is what it is, and one that somebody holds open is still being saved. Nil when it
  /// cannot be told (no `/proc`, or the writer is another user's or in another PID
  /// namespace): the caller's other evidence stands then.
  ///
  /// Costs a `readlink` per open descriptor of this user's processes (a few milliseconds),
  /// so it is asked only of a file that is empty or does not parse. The links' text is
  /// compared with the file's canonical path: a `stat` through each descriptor would ask the
  /// file system behind every open file of the machine, a hung network mount included. (A
  /// file reached by another path, through a bind mount, is not recognised.)
  static func writingProcess(of path: String) -> Int32? {
    guard let resolved = realpath(path, nil) else { return nil }
    let target = String(cString: resolved)
    free(resolved)
    guard let processes = try? directoryEntries("/proc") else { return nil }
    for process in processes where isNumber(process) {
      let descriptors = "/proc/\(process)/fd"
      // Another user's processes are not listed (EACCES): skipped.
      for descriptor in (try? directoryEntries(descriptors)) ?? [] where isNumber(descriptor) {
        guard linkTarget(atPath: "\(descriptors)/\(descriptor)") == target,
          let flags = openFlags(process: process, descriptor: descriptor)
        else { continue }
        if flags & O_ACCMODE != O_RDONLY { return Int32(process) }
      }
    }
    return nil
  }

  /// Whether a process is stopped (`kill -STOP`, a debugger), so it will not go on by itself:
  /// the state in `/proc/PID/stat`.
  static func isStopped(process: Int32) -> Bool {
    let state = (try? readFile(atPath: "/proc/\(process)/stat")).map {
      String(decoding: $0, as: UTF8.self)
    }
    // The state follows the command name's closing parenthesis: `T` stopped, `t` traced.
    let code = state?.split(separator: ")").last?.dropFirst().first
    return code == "T" || code == "t"
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

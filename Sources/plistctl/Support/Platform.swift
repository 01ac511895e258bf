#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

/// The command line's only libc calls: leaving with a status, and reading the environment.
enum Platform {
  static func exit(_ status: ExitStatus) -> Never {
    Glibc.exit(status.rawValue)
  }

  /// The process environment as a dictionary.
  static func environment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "=") {
        result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entry += 1
    }
    return result
  }
}

/// The process's arguments as the kernel passed them, made into strings here rather than by
/// `CommandLine.arguments`, which hides two failures:
///
/// - it replaces bytes that are not UTF-8 with U+FFFD, so a domain name, key or value typed in
///   Latin-1 would be stored changed without a word; such an argument is refused, named;
/// - in the statically linked release binary, Swift's runtime reads the arguments from
///   /proc/self/cmdline, and finds none when it cannot open it (with `ulimit -n 3` no file
///   descriptor is left): every command then said "no command given". That is reported with
///   its cause.
enum RawArguments {
  /// The arguments after the program's name, as bytes; nil when there are none at all, not
  /// even the program's name, which means they could not be read.
  static func current() -> [[UInt8]]? {
    let count = Int(CommandLine.argc)
    guard count > 0 else { return nil }
    return (1..<count).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      var length = 0
      while argument[length] != 0 { length += 1 }
      return UnsafeBufferPointer(start: argument, count: length).map { UInt8(bitPattern: $0) }
    }
  }

  /// The arguments as strings.
  ///
  /// - Parameter raw: The arguments after the program's name.
  /// - Returns: Each argument decoded as UTF-8.
  /// - Throws: `UsageError` naming the first argument that is not UTF-8, and where.
  static func strings(_ raw: [[UInt8]]) throws(UsageError) -> [String] {
    var strings: [String] = []
    for (index, bytes) in raw.enumerated() {
      // ASCII is UTF-8 as it is: decoded scalar by scalar, three arguments took a `read`
      // 10 k instructions.
      if bytes.allSatisfy({ $0 < 0x80 }) {
        strings.append(String(decoding: bytes, as: UTF8.self))
        continue
      }
      var scalars = String.UnicodeScalarView()
      var offset = 0
      while offset < bytes.count {
        guard let (scalar, width) = scalar(in: bytes[offset...]) else {
          throw UsageError(
            "argument \(index + 1) ('\(shown(bytes))') is not valid UTF-8 at byte \(offset + 1)")
        }
        scalars.append(scalar)
        offset += width
      }
      strings.append(String(scalars))
    }
    return strings
  }

  /// Bytes as text for a message: valid UTF-8 as it is, other bytes as `\xE9`.
  static func shown(_ bytes: [UInt8]) -> String {
    var text = ""
    var offset = 0
    while offset < bytes.count {
      if let (scalar, width) = scalar(in: bytes[offset...]) {
        text.unicodeScalars.append(scalar)
        offset += width
      } else {
        text += "\\x" + String(bytes[offset], radix: 16, uppercase: true)
        offset += 1
      }
    }
    return text
  }

  /// The scalar that `bytes` starts with and its length in bytes, or nil when they do not
  /// start with one in UTF-8.
  private static func scalar(in bytes: ArraySlice<UInt8>) -> (Unicode.Scalar, Int)? {
    var iterator = bytes.prefix(4).makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return (scalar, UTF8.width(scalar))
  }
}

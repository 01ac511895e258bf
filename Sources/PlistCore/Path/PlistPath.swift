/// A PlistBuddy-style path into nested values: `:HPLocation:lat`, `:persistent-apps:0:tile-data`.
/// Components are separated by `:`; `\:` is a colon inside a key and `\\` a backslash. A
/// component names a key in a dictionary and an index (from 0) in an array. `:` alone is the
/// root.
public struct PlistPath: Sendable, Hashable, CustomStringConvertible {
  /// The components, unescaped.
  public let components: [String]

  /// Parses a path; it must start with `:` (nil otherwise: the text is then a plain key).
  ///
  /// - Parameter text: The path as typed.
  public init?(_ text: String) {
    // Split as UTF-8 bytes: `:` and `\` are ASCII, and a first walk over `Character`s in a
    // process costs more in generic metadata than the split itself.
    // A plain key is told first, before any array is made (a process's first array costs
    // `read D K` a sixth of its instructions).
    guard text.utf8.first == UInt8(ascii: ":") else { return nil }
    let bytes = Array(text.utf8)
    var components: [String] = []
    var current: [UInt8] = []
    var escaping = false
    for byte in bytes.dropFirst() {
      if escaping {
        current.append(byte)
        escaping = false
      } else if byte == UInt8(ascii: "\\") {
        escaping = true
      } else if byte == UInt8(ascii: ":") {
        components.append(String(decoding: current, as: UTF8.self))
        current = []
      } else {
        current.append(byte)
      }
    }
    if escaping { current.append(UInt8(ascii: "\\")) }
    if bytes.count > 1 { components.append(String(decoding: current, as: UTF8.self)) }
    self.components = components
  }

  /// A path from components.
  ///
  /// - Parameter components: The unescaped components.
  public init(components: [String]) { self.components = components }

  /// A path of one top-level key, taken as it is (dots, colons and all).
  ///
  /// - Parameter key: The key.
  public init(topLevelKey key: String) { self.components = [key] }

  /// The root path, `:` (the whole value).
  public static let root = PlistPath(components: [])

  /// The path as it would be typed, with colons and backslashes escaped.
  public var description: String {
    if components.isEmpty { return ":" }
    return components.map { component in
      ":"
        + component.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: ":", with: "\\:")
    }.joined()
  }

  /// The path without its last component.
  var parent: PlistPath { PlistPath(components: Array(components.dropLast())) }

  /// The path of the first `count` components, for messages.
  func prefix(_ count: Int) -> PlistPath { PlistPath(components: Array(components.prefix(count))) }
}

extension String {
  fileprivate func replacingOccurrences(of target: Character, with replacement: String) -> String {
    guard contains(target) else { return self }
    var out = ""
    for character in self {
      if character == target { out += replacement } else { out.append(character) }
    }
    return out
  }
}

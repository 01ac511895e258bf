import Foundation

/// A fresh directory under the system's temporary directory, for one test; `remove()` deletes
/// it. The one temporary-directory helper of both test targets.
public struct TemporaryDirectory: Sendable {
  /// Where it is.
  public let url: URL

  /// Creates a new, empty directory.
  ///
  /// - Throws: What `FileManager` throws when it cannot be created.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("plistctl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of a name inside it.
  ///
  /// - Parameter name: A file name (or relative path).
  /// - Returns: The absolute path.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes text to a file inside it.
  ///
  /// - Parameters:
  ///   - name: The file name.
  ///   - text: The contents, as UTF-8.
  /// - Throws: What `Data.write(to:)` throws.
  public func write(_ name: String, _ text: String) throws {
    try write(name, bytes: Array(text.utf8))
  }

  /// Writes bytes to a file inside it.
  ///
  /// - Parameters:
  ///   - name: The file name.
  ///   - bytes: The contents.
  /// - Throws: What `Data.write(to:)` throws.
  public func write(_ name: String, bytes: [UInt8]) throws {
    try Data(bytes).write(to: url.appendingPathComponent(name))
  }

  /// Reads a file inside it.
  ///
  /// - Parameter name: The file name.
  /// - Returns: The bytes.
  /// - Throws: What `Data(contentsOf:)` throws.
  public func read(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
  }

  /// Deletes the directory and everything in it.
  public func remove() { try? FileManager.default.removeItem(at: url) }
}

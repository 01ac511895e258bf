import Foundation
import PlistCore

/// python3's plistlib reading files, as an oracle independent of PlistCore's readers: the
/// fixture script's `dump` mode (Tests/PlistCoreTests/Fixtures/oracles/plistlib_oracle.py).
public enum PlistlibOracle {
  /// The oracle script, found from this file's place in the source tree.
  public static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PlistCoreTests/Fixtures/oracles/plistlib_oracle.py").path

  /// What plistlib refused, with its words.
  public struct Refused: Error, CustomStringConvertible {
    /// plistlib's error, or why the oracle did not run.
    public let description: String
  }

  /// The value plistlib reads from a file.
  ///
  /// - Parameter path: The file.
  /// - Returns: The value.
  /// - Throws: `Refused` when plistlib cannot read it; `ExternalTool.Missing` without python3.
  public static func value(ofFile path: String) throws -> PlistValue {
    // Under `timeout`: a python3 that hangs fails the test in a minute, not the suite never.
    let result = try ChildProcess.run(
      try ExternalTool.require("timeout", package: "coreutils"),
      ["60", try ExternalTool.require("python3", package: "python3").path, script, "dump", path])
    guard result.status == 0,
      let nodes = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [Any],
      let node = nodes.first
    else { throw Refused(description: "the oracle failed: \(result.stderr)") }
    if let error = (node as? [String: Any])?["error"] as? String {
      throw Refused(description: error)
    }
    return try TypedJSON.value(from: node)
  }
}

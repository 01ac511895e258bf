import Foundation
import Testing

/// Runs the built `plistctl` binary as a separate process.
enum CLI {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
    let stdoutBytes: [UInt8]
  }

  static let executable: URL = {
    // Test bundles live beside the products in .build/<triple>/<configuration>.
    let products =
      Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }?
      .deletingLastPathComponent() ?? Bundle.main.bundleURL
    return products.appendingPathComponent("plistctl")
  }()

  /// Runs plistctl (or another program) to completion, capturing its output.
  @discardableResult
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
    directory: URL? = nil, program: URL = executable
  ) throws -> Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    if let directory { process.currentDirectoryURL = directory }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self), stdoutBytes: [UInt8](out))
  }
}

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("plistctl-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  func write(_ name: String, bytes: [UInt8]) throws {
    try Data(bytes).write(to: url.appendingPathComponent(name))
  }

  func read(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

import Foundation
import PlistCore
import TestSupport
import Testing

@testable import plistctl

/// Runs plistctl in this process through `Plistctl.run`, with captured streams (fast, and
/// what most tests need), or the built binary as a separate process (`runProcess`: exit
/// codes as the shell sees them, signals, other programs, concurrency).
enum CLI {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
    let stdoutBytes: [UInt8]
  }

  static let executable = ChildProcess.product("plistctl")

  /// Runs plistctl in process: the arguments after `plistctl`, standard input as bytes, the
  /// environment as given over this process's own (as a child would inherit it).
  @discardableResult
  static func run(
    _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]
  ) throws -> Result {
    capturing(stdin: stdin, environment: environment) { context in
      Plistctl.run(arguments: arguments, context: context)
    }
  }

  /// Runs `read DOMAIN KEY` as `main` first tries it, straight from the process's arguments
  /// (`OneKeyRead`), in process; nil when that way declines the arguments.
  static func runOneKeyRead(_ arguments: [String], environment: [String: String] = [:])
    -> Result?
  {
    var argv = (["plistctl"] + arguments).map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
    }
    let count = Int32(argv.count - 1)
    var declined = false
    let result = capturing(stdin: [], environment: environment) { context in
      argv.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress,
          let status = OneKeyRead.run(arguments: base, count: count, context: context)
        else {
          declined = true
          return .success
        }
        return status
      }
    }
    return declined ? nil : result
  }

  /// What `body` does with a context whose streams are captured, as a result.
  private static func capturing(
    stdin: [UInt8], environment: [String: String],
    _ body: (CommandContext) -> plistctl.ExitStatus
  ) -> Result {
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    let output = Capture()
    let errors = Capture()
    let context = CommandContext(
      environment: Environment(env), readInput: { _ in stdin }, maximumSize: nil,
      writeOutput: { output.append(Array($0.utf8)) },
      writeValue: { (value, format, options) throws(PlistError) in
        do throws(PlistEncodingError) {
          output.append(try PropertyList.encode(value, as: format, options: options))
        } catch {
          throw .encoding(error)
        }
      },
      writeError: { errors.append(Array($0.utf8)) },
      writeBytes: { output.append($0) },
      readLine: Lines(stdin).next)
    let status = body(context)
    return Result(
      status: status.rawValue, stdout: String(decoding: output.bytes, as: UTF8.self),
      stderr: String(decoding: errors.bytes, as: UTF8.self), stdoutBytes: output.bytes)
  }

  /// Standard input given as bytes, read a line at a time (PlistBuddy's shell).
  final class Lines: @unchecked Sendable {
    private var rest: ArraySlice<UInt8>
    init(_ bytes: [UInt8]) { rest = bytes[...] }

    func next() -> [UInt8]? {
      guard !rest.isEmpty else { return nil }
      let line = rest.prefix { $0 != 0x0A }
      rest = rest.dropFirst(line.count + 1)
      return Array(line)
    }
  }

  /// Bytes written by a command, collected for the test.
  final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [UInt8] = []

    func append(_ bytes: [UInt8]) { lock.withLock { collected += bytes } }
    var bytes: [UInt8] { lock.withLock { collected } }
  }

  /// Starts a program in the background with its output discarded (concurrent writers).
  static func startQuietly(_ program: URL, _ arguments: [String], _ box: Sandbox) throws
    -> Process
  {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = box.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Runs plistctl (or another program) as a separate process, capturing its output.
  @discardableResult
  static func runProcess(
    _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:],
    directory: URL? = nil, program: URL = executable
  ) throws -> Result {
    let result = try ChildProcess.run(
      program, arguments, stdin: stdin, environment: environment, directory: directory)
    return Result(
      status: result.status, stdout: result.stdout, stderr: result.stderr,
      stdoutBytes: result.stdoutBytes)
  }
}

import Foundation

/// Runs a built product or another program as a separate process, for the tests that need
/// a process: exit statuses, other programs, Foundation in a clean process, concurrency.
public enum ChildProcess {
  /// What a process did.
  public struct Result: Sendable {
    /// The exit status.
    public let status: Int32
    /// Standard output, as UTF-8.
    public let stdout: String
    /// Standard error, as UTF-8.
    public let stderr: String
    /// Standard output's bytes.
    public let stdoutBytes: [UInt8]
  }

  /// A product of this package's build (an executable target), by name: test bundles live
  /// beside the products in `.build/<triple>/<configuration>`.
  ///
  /// - Parameter name: The product's name.
  /// - Returns: Its path.
  public static func product(_ name: String) -> URL {
    let products =
      Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }?
      .deletingLastPathComponent() ?? Bundle.main.bundleURL
    return products.appendingPathComponent(name)
  }

  /// Runs a program to its end, feeding it standard input and capturing its output.
  ///
  /// - Parameters:
  ///   - program: The executable.
  ///   - arguments: Its arguments.
  ///   - stdin: Its standard input.
  ///   - environment: Variables set over this process's own environment.
  ///   - directory: Its working directory, or this process's.
  ///   - timeLimit: Seconds after which it is killed (its status then says SIGKILL).
  /// - Returns: Its status and output.
  /// - Throws: What `Process.run()` throws when it cannot start.
  public static func run(
    _ program: URL, _ arguments: [String], stdin: [UInt8] = [],
    environment: [String: String] = [:], directory: URL? = nil, timeLimit: Double = 300
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
    // A child that never ends fails its test instead of hanging the suite: it is killed
    // after `timeLimit`, and its standard error says so. A program it left running with
    // the pipes open (a daemon) would keep them from ending: their output is then given
    // up a little later.
    let killed = Collected()
    // (Weakly: the process holds its pipes, whose descriptors must not outlive the run.)
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [weak process] in
      guard let process, process.isRunning else { return }
      killed.append(Data("[killed after \(Int(timeLimit)) s]\n".utf8))
      kill(process.processIdentifier, SIGKILL)
    }
    // Output is drained on other threads while the input is written, so neither pipe fills.
    let collected = Collected()
    let group = DispatchGroup()
    for (pipe, isError) in [(output, false), (error, true)] {
      DispatchQueue.global().async(group: group) {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.set(data, isError: isError)
      }
    }
    // Written on another thread too: a child that reads none of a large input must not block
    // this one past the time limit. (SIGPIPE is left as it is: children inherit an ignored
    // SIGPIPE, and `yes | …` would then complain instead of ending quietly.)
    DispatchQueue.global().async(group: group) {
      if !stdin.isEmpty { try? input.fileHandleForWriting.write(contentsOf: Data(stdin)) }
      try? input.fileHandleForWriting.close()
    }
    if group.wait(timeout: .now() + timeLimit + 5) == .timedOut {
      killed.append(Data("[its output was still open after \(Int(timeLimit)) s]\n".utf8))
    }
    process.waitUntilExit()
    let (out, err) = collected.both
    let note = killed.both.1
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err + note, as: UTF8.self), stdoutBytes: [UInt8](out))
  }

  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    func set(_ data: Data, isError: Bool) {
      lock.withLock { if isError { err = data } else { out = data } }
    }

    /// Adds to standard error's text (the run's own notes).
    func append(_ data: Data) {
      lock.withLock { err += data }
    }

    var both: (Data, Data) { lock.withLock { (out, err) } }
  }
}

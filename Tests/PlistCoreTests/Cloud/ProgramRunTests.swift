import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// How the cloud store runs git (`Platform.run` with `RunOptions`): a deadline reaches what
/// the program started, and a program that exits is not waited for past its exit because
/// something it left running holds its output open.
@Suite struct ProgramRunTests {
  /// Review finding: ssh (or a proxy command) outlived git killed at the deadline, holding
  /// the engine lock it inherited.
  @Test func theDeadlineKillsWhatTheProgramStartedToo() async throws {
    var options = Platform.RunOptions()
    options.timeoutMilliseconds = 500
    let result = try Platform.run(
      ["sh", "-c", "sleep 60 & echo $!; exec sleep 60"], options: options)
    #expect(result.timedOut)
    let pid = try #require(Int32(String(decoding: result.output, as: UTF8.self).filter(\.isNumber)))
    #expect(await eventually { !Self.isRunning(pid) }, "the background sleep is gone")
  }

  /// Review finding: a program that leaves a child holding its standard error (an ssh
  /// connection master) cost every run its whole deadline.
  @Test func aProgramThatExitsIsNotWaitedForPastItsExit() throws {
    var options = Platform.RunOptions()
    options.timeoutMilliseconds = 30_000
    let result = try Platform.run(["sh", "-c", "sleep 60 & echo done; exit 3"], options: options)
    #expect(!result.timedOut)
    #expect(result.status == 3)
    #expect(String(decoding: result.output, as: UTF8.self) == "done\n")
    let noDeadline = try Platform.run(["sh", "-c", "sleep 60 & exit 0"], options: .init())
    #expect(noDeadline.status == 0)
  }

  /// A descriptor the program around the library opened without close-on-exec (as
  /// Foundation's `Data.write` opens a file) does not reach git: a helper git leaves running
  /// would hold the domain file open for writing, and every reader would wait on it as on
  /// an app's save (a full-suite run failed so, with a cloud test's git holding another
  /// test's file). The descriptor given to inherit still arrives.
  @Test func aProgramGetsOnlyTheDescriptorsItIsGiven() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let leaked = open(directory.path("domain.plist"), O_WRONLY | O_CREAT, 0o600)
    let lock = open(directory.path("lock"), O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
    defer {
      close(leaked)
      close(lock)
    }
    #expect(leaked > 2 && lock > 2)
    var options = Platform.RunOptions()
    options.inherited = [lock]
    let result = try Platform.run(["sh", "-c", "ls -l /proc/$$/fd"], options: options)
    let listing = String(decoding: result.output, as: UTF8.self)
    #expect(result.status == 0)
    #expect(!listing.contains(directory.path("domain.plist")), "\(listing)")
    #expect(listing.contains(" \(lock) -> " + directory.path("lock")), "\(listing)")
  }

  /// Standard input given as bytes reaches the program whole while its output is read (4 MiB
  /// each way: far more than a pipe holds, so feeding first and reading after would stall).
  @Test func inputIsFedWhileOutputIsRead() throws {
    var options = Platform.RunOptions()
    options.timeoutMilliseconds = 60_000
    options.input = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    options.outputLimit = 8 << 20
    let result = try Platform.run(["cat"], options: options)
    #expect(!result.timedOut)
    #expect(result.status == 0)
    #expect(result.output == options.input)
    options.input = []
    #expect(try Platform.run(["wc", "-c"], options: options).output == Array("0\n".utf8))
  }

  /// A program that exits without reading its input ends the feeding: no SIGPIPE reaches
  /// this process (it would end it), no error, its status as it left.
  @Test func aProgramThatReadsNoInputIsNoProblem() throws {
    var options = Platform.RunOptions()
    options.timeoutMilliseconds = 60_000
    options.input = [UInt8](repeating: 0x41, count: 8 << 20)
    let result = try Platform.run(["sh", "-c", "exit 4"], options: options)
    #expect(!result.timedOut)
    #expect(result.status == 4)
  }

  /// Output past the limit is read and dropped: the program is not blocked, and only the
  /// first `outputLimit` bytes are kept.
  @Test func outputPastTheLimitIsDropped() throws {
    var options = Platform.RunOptions()
    options.outputLimit = 10
    let result = try Platform.run(
      ["sh", "-c", "head -c 300000 /dev/zero; echo end >&2"], options: options)
    #expect(result.status == 0)
    #expect(result.output == [UInt8](repeating: 0, count: 10))
    #expect(result.outputTruncated)
    options.outputLimit = 300_000
    let whole = try Platform.run(["head", "-c", "300000", "/dev/zero"], options: options)
    #expect(!whole.outputTruncated)
    #expect(result.errors == Array("end\n".utf8))
  }

  /// Alive and not a zombie.
  static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
      return false
    }
    return !stat.contains(") Z ")
  }
}

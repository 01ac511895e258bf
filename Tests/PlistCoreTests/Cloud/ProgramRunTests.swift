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

  /// Alive and not a zombie.
  static func isRunning(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else {
      return false
    }
    return !stat.contains(") Z ")
  }
}

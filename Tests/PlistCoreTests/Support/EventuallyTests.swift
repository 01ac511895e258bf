import Foundation
import TestSupport
import Testing

@Suite("Waiting for another thread")
struct EventuallyTests {
  /// A task resumed only after its limit (under the whole suite, 130 s after a 10 s limit
  /// was seen) must still look before it gives up: what it waited for has long happened.
  /// Here the condition comes to hold exactly when the limit passes, so only a look made
  /// after the limit sees it.
  @Test func aConditionThatHoldsOnlyOnceTheLimitHasPassedIsSeen() async {
    let limit = Duration.milliseconds(20)
    let start = ContinuousClock.now
    #expect(await eventually(within: limit) { ContinuousClock.now - start >= limit })
  }

  /// A task held back past its limit (in a loaded run the pool ran other tests' work for
  /// over a minute) finds, at its first look after, that the task which makes the condition
  /// hold is still queued behind it: the pause must not count, so it goes on looking. Here
  /// the first look stands for the pause (it takes twenty times the limit) and the
  /// condition holds from the third look on, when the queued work would have run.
  @Test func aPauseOfTheWaiterDoesNotCountAgainstItsLimit() async {
    #expect(await eventually(within: .milliseconds(20), Self.heldBackAtFirstLook()))
    #expect(waitUntil(within: .milliseconds(20), Self.heldBackAtFirstLook()))
  }

  /// A condition whose first look takes 400 ms and which holds from its third look on.
  static func heldBackAtFirstLook() -> () -> Bool {
    var looks = 0
    return {
      looks += 1
      if looks == 1 { usleep(400_000) }
      return looks >= 3
    }
  }

  /// A cancelled task's sleeps end at once: a wait in one stops looking instead of spinning
  /// to its limit, and a test's timer (`waitOut`), which a test cancels once what it bounded
  /// has ended, ends too. Counted in looks, not time: a loaded run holds tasks back for a
  /// minute or more.
  @Test func aCancelledWaitEndsAtOnce() async {
    let wait = Task { () -> Int in
      var looks = 0
      _ = await eventually(within: .seconds(60)) {
        looks += 1
        withUnsafeCurrentTask { $0?.cancel() }
        return false
      }
      return looks
    }
    // The look that cancelled the task, and the last look every wait makes before it ends.
    #expect(await wait.value == 2)
    let timer = Task { await waitOut(.seconds(60)) }
    timer.cancel()
    #expect(await timer.value == false)
  }

  @Test func aConditionThatNeverHoldsIsReportedAfterTheLimit() async {
    let start = ContinuousClock.now
    #expect(await eventually(within: .milliseconds(20)) { false } == false)
    #expect(ContinuousClock.now - start >= .milliseconds(20))
    // Paused at every look, it still ends, once the pauses left out add up to their bound
    // (a second here: three or four looks of 300 ms, and one more after the limit).
    var looks = 0
    let held = await eventually(within: .milliseconds(20), pausesUpTo: .seconds(1)) {
      looks += 1
      usleep(300_000)
      return false
    }
    #expect(!held && (3...6).contains(looks))
  }
}

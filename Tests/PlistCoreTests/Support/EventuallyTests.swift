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
    var looks = 0
    let held = await eventually(within: .milliseconds(20)) {
      looks += 1
      if looks == 1 { usleep(400_000) }
      return looks >= 3
    }
    #expect(held)
    var synchronousLooks = 0
    #expect(
      waitUntil(within: .milliseconds(20)) {
        synchronousLooks += 1
        if synchronousLooks == 1 { usleep(400_000) }
        return synchronousLooks >= 3
      })
  }

  /// A cancelled task's sleeps end at once: a wait in one stops looking instead of spinning
  /// to its limit, and so does a test's timer (`waitOut`), which a test cancels once what it
  /// bounded has ended.
  @Test func aCancelledWaitEndsAtOnce() async {
    let start = ContinuousClock.now
    let wait = Task { await eventually(within: .seconds(60)) { false } }
    let timer = Task { await waitOut(.seconds(60)) }
    wait.cancel()
    timer.cancel()
    #expect(await wait.value == false)
    await timer.value
    #expect(ContinuousClock.now - start < .seconds(30))
  }

  @Test func aConditionThatNeverHoldsIsReportedAfterTheLimit() async {
    let start = ContinuousClock.now
    #expect(await eventually(within: .milliseconds(20)) { false } == false)
    #expect(ContinuousClock.now - start >= .milliseconds(20))
    // Paused at every look, it still ends, once the pauses left out add up to their bound.
    let paused = ContinuousClock.now
    var looks = 0
    let held = await eventually(within: .milliseconds(20), pausesUpTo: .seconds(1)) {
      looks += 1
      usleep(300_000)
      return false
    }
    #expect(!held && looks >= 3)
    #expect(ContinuousClock.now - paused < .seconds(3))
  }
}

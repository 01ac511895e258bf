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

  @Test func aConditionThatNeverHoldsIsReportedAfterTheLimit() async {
    let start = ContinuousClock.now
    #expect(await eventually(within: .milliseconds(20)) { false } == false)
    #expect(ContinuousClock.now - start >= .milliseconds(20))
  }
}

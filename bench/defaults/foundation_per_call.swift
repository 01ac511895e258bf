// Per-call cost of Foundation's UserDefaults inside one process (bench/run.sh defaults):
//   foundation-per-call SUITE GETS SETS — as defaults-per-call: GETS integer(forKey:) calls,
//     then SETS set(_:forKey:) + synchronize() calls (set alone writes nothing to the file),
//     after one untimed read. Timed with CLOCK_MONOTONIC through Glibc.
//   foundation-per-call populate SUITE — writes the benchmark's 20-key domain, as Foundation
//     writes it.
import Foundation
import Glibc

func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "populate",
  let defaults = UserDefaults(suiteName: arguments[2])
{
  defaults.set(2, forKey: "HPMapType")
  for i in 1...4 {
    defaults.set("value \(i)", forKey: "Name\(i)")
    defaults.set(i * 1000, forKey: "Count\(i)")
    defaults.set(i % 2 == 0, forKey: "Flag\(i)")
    defaults.set(Double(i) / 3, forKey: "Ratio\(i)")
  }
  defaults.set(["a", "b", "c"], forKey: "RecentItems")
  defaults.set(["latitude": 51.5, "longitude": -0.12], forKey: "LastLocation")
  defaults.set(Date(timeIntervalSinceReferenceDate: 800_000_000), forKey: "LastLaunch")
  exit(defaults.synchronize() ? 0 : 1)
}
guard arguments.count == 4, let gets = Int(arguments[2]), let sets = Int(arguments[3]), gets > 0,
  sets > 0,
  let defaults = UserDefaults(suiteName: arguments[1])
else {
  fputs("usage: foundation-per-call SUITE GETS SETS | populate SUITE\n", stderr)
  exit(64)
}
let expected = defaults.integer(forKey: "HPMapType")
var sum = 0
let start = now()
for _ in 0..<gets { sum &+= defaults.integer(forKey: "HPMapType") }
let afterGets = now()
var synchronized = true
for i in 0..<sets {
  defaults.set(i, forKey: "BenchCounter")
  synchronized = defaults.synchronize() && synchronized
}
let afterSets = now()
guard sum == expected &* gets, synchronized, defaults.integer(forKey: "BenchCounter") == sets - 1
else {
  fputs("foundation-per-call: wrong result\n", stderr)
  exit(1)
}
print("get", Double(afterGets - start) / Double(gets))
print("set", Double(afterSets - afterGets) / Double(sets))

// Per-call cost of PlistCore's Defaults inside one process (bench/run.sh defaults):
//   defaults-per-call SUITE GETS SETS
// times GETS integer(forKey:) calls, then SETS set(_:forKey:) calls (each a durable write:
// lock, read, atomic replace, fsync), after one untimed read that loads the file. Prints
// "get <ns per call>" and "set <ns per call>". Timed with CLOCK_MONOTONIC, no Foundation.
import Glibc
import PlistCore

func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let gets = Int(arguments[2]), let sets = Int(arguments[3]), gets > 0,
  sets > 0,
  let defaults = Defaults(suiteName: arguments[1])
else {
  fputs("usage: defaults-per-call SUITE GETS SETS\n", stderr)
  exit(64)
}
let expected = defaults.integer(forKey: "HPMapType")
var sum = 0
let start = now()
for _ in 0..<gets { sum &+= defaults.integer(forKey: "HPMapType") }
let afterGets = now()
for i in 0..<sets { defaults.set(i, forKey: "BenchCounter") }
let afterSets = now()
guard sum == expected &* gets, defaults.lastWriteError == nil,
  defaults.integer(forKey: "BenchCounter") == sets - 1
else {
  fputs(
    "defaults-per-call: wrong result (\(String(describing: defaults.lastWriteError)))\n", stderr)
  exit(1)
}
print("get", Double(afterGets - start) / Double(gets))
print("set", Double(afterSets - afterGets) / Double(sets))

// The delay of `changes(forKeys:)` (bench/run.sh defaults):
//   defaults-change-latency SUITE WRITES PLISTCTL
// watches one key of SUITE through the AsyncStream an app would iterate, then WRITES times
// runs `PLISTCTL write SUITE LatencyKey -int N` as another process and measures from the
// moment that process is seen to have exited (its write returned) to the moment the awaiting
// task receives the change. Prints "latency <µs>" per write. Timed with CLOCK_MONOTONIC.
import Glibc
import PlistCore

func now() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Runs a program to its end (posix_spawn, then waitpid); whether it exited with 0.
func run(_ arguments: [String]) -> Bool {
  var pid: pid_t = 0
  let argv = arguments.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  guard let program = argv[0], posix_spawn(&pid, program, nil, nil, argv, environ) == 0 else {
    return false
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  return status == 0
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let writes = Int(arguments[2]), writes > 0,
  let defaults = Defaults(suiteName: arguments[1])
else {
  fputs("usage: defaults-change-latency SUITE WRITES PLISTCTL\n", stderr)
  exit(64)
}
// Watching starts when the stream is made.
var changes = defaults.changes(forKeys: ["LatencyKey"]).makeAsyncIterator()
for value in 1...writes {
  guard run([arguments[3], "write", arguments[1], "LatencyKey", "-int", String(value)]) else {
    fputs("defaults-change-latency: plistctl write failed\n", stderr)
    exit(1)
  }
  let returned = now()
  guard let change = await changes.next(), change.newValue == .integer(PlistInteger(value)) else {
    fputs("defaults-change-latency: wrong or no change for \(value)\n", stderr)
    exit(1)
  }
  print("latency", Double(now() - returned) / 1000)
}

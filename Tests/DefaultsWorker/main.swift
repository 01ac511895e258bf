// A test helper: a program using PlistCore's Defaults, as an app would, for the
// concurrency tests (several of these at once, some killed mid-write).
//
//   DefaultsWorker set SUITE PREFIX COUNT   — sets PREFIX0 … PREFIX<COUNT-1> one by one,
//                                             each with set(_:forKey:), printing nothing
@preconcurrency import Glibc
import PlistCore

let arguments = CommandLine.arguments
guard arguments.count == 5, arguments[1] == "set", let count = Int(arguments[4]),
  let defaults = Defaults(suiteName: arguments[2])
else {
  print("usage: DefaultsWorker set SUITE PREFIX COUNT")
  exit(64)
}
for index in 0..<count {
  defaults.set(index, forKey: arguments[3] + String(index))
  if let error = defaults.lastWriteError {
    print("write failed: \(error)")
    exit(1)
  }
}

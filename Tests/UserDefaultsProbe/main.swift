// A test helper: Foundation's UserDefaults on Linux, driven from the command line, so that
// CLI tests can check plistctl against the real thing in a separate process.
//
//   UserDefaultsProbe write SUITE   — sets one key of every plist type in SUITE
//   UserDefaultsProbe dump SUITE KEY...   — prints "KEY type value" per key, as UserDefaults
//                                          sees it (global-domain fallback included)
//   UserDefaultsProbe getters SUITE   — for each key on stdin (one per line), one line with
//                                       what every getter returns (see `getters` below)
//   UserDefaultsProbe set SUITE   — sets each "KEY<TAB>TYPE<TAB>VALUE" line of stdin with
//                                   set(_:forKey:) (types: string, int, double, float, bool)
//   UserDefaultsProbe sync-loop SUITE STOPFILE [PAUSE_MICROSECONDS]
//                                 — a running app that saves often: sets its own key
//                                   (AppCounter, 1, 2, …) and calls synchronize(), again and
//                                   again (pausing between rounds if asked), until STOPFILE
//                                   exists; then prints the number of rounds
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: UserDefaultsProbe write|dump SUITE [KEY...]\n".utf8))
  exit(64)
}
guard let defaults = UserDefaults(suiteName: arguments[2]) else { exit(70) }

func describe(_ value: Any?) -> String {
  switch value {
  case nil: return "missing"
  case let s as String: return "string \(s)"
  case let d as Data: return "data \(d.base64EncodedString())"
  case let d as Date: return "date \(d.timeIntervalSinceReferenceDate)"
  case let a as [Any]: return "array [" + a.map(describe).joined(separator: ", ") + "]"
  case let d as [String: Any]:
    return "dict {" + d.keys.sorted().map { "\($0): \(describe(d[$0]))" }.joined(separator: ", ")
      + "}"
  case let n as NSNumber:
    switch String(cString: n.objCType) {
    case "c", "B": return "bool \(n.boolValue)"
    case "f", "d": return "real \(n.doubleValue)"
    default: return "integer \(n.int64Value)"
    }
  default: return "other \(type(of: value))"
  }
}

/// Text that survives a tab-separated line: base64 of the UTF-8, or "-" for nil.
func field(_ text: String?) -> String {
  text.map { Data($0.utf8).base64EncodedString() } ?? "-"
}

/// KEY, integer, double bits, float bits, bool, string, stringArray (joined by U+0001),
/// array count, dictionary count, data, url: tab-separated, "-" for nil.
func getters(_ key: String) -> String {
  [
    field(key), String(defaults.integer(forKey: key)),
    String(defaults.double(forKey: key).bitPattern, radix: 16),
    String(defaults.float(forKey: key).bitPattern, radix: 16),
    defaults.bool(forKey: key) ? "1" : "0", field(defaults.string(forKey: key)),
    field(defaults.stringArray(forKey: key)?.joined(separator: "\u{1}")),
    defaults.array(forKey: key).map { String($0.count) } ?? "-",
    defaults.dictionary(forKey: key).map { String($0.count) } ?? "-",
    defaults.data(forKey: key).map { $0.base64EncodedString() } ?? "-",
    // url(forKey:) traps on data that is not a keyed archive: not asked for data.
    defaults.object(forKey: key) is Data ? "-" : field(defaults.url(forKey: key)?.absoluteString),
  ].joined(separator: "\t")
}

switch arguments[1] {
case "write":
  defaults.set("hello wörld", forKey: "aString")
  defaults.set(42, forKey: "anInteger")
  defaults.set(-7, forKey: "aNegative")
  defaults.set(0.1, forKey: "aReal")
  defaults.set(true, forKey: "aBoolean")
  defaults.set(Date(timeIntervalSinceReferenceDate: 700_000_000), forKey: "aDate")
  defaults.set(Data([0, 1, 2, 254, 255]), forKey: "someData")
  defaults.set(["x", 1, false] as [Any], forKey: "anArray")
  defaults.set(["inner": ["deep": 2.5]] as [String: Any], forKey: "aDictionary")
  guard defaults.synchronize() else { exit(1) }
case "dump":
  for key in arguments.dropFirst(3) { print("\(key) \(describe(defaults.object(forKey: key)))") }
case "getters":
  while let line = readLine(strippingNewline: true) {
    guard let key = Data(base64Encoded: line).map({ String(decoding: $0, as: UTF8.self) }) else {
      exit(65)
    }
    print(getters(key))
  }
case "set":
  while let line = readLine(strippingNewline: true) {
    let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3 else { exit(65) }
    switch (parts[1], parts[2]) {
    case ("string", let text): defaults.set(text, forKey: parts[0])
    case ("int", let text) where Int(text) != nil: defaults.set(Int(text), forKey: parts[0])
    case ("double", let text) where Double(text) != nil:
      defaults.set(Double(text), forKey: parts[0])
    case ("float", let text) where Float(text) != nil: defaults.set(Float(text), forKey: parts[0])
    case ("bool", let text): defaults.set(text == "true", forKey: parts[0])
    default: exit(65)
    }
  }
  guard defaults.synchronize() else { exit(1) }
case "sync-loop":
  guard arguments.count >= 4 else { exit(64) }
  let pause = arguments.count > 4 ? UInt32(arguments[4]) ?? 0 : 0
  var rounds = 0
  while !FileManager.default.fileExists(atPath: arguments[3]) {
    rounds += 1
    defaults.set(rounds, forKey: "AppCounter")
    guard defaults.synchronize() else { exit(1) }
    if pause > 0 { usleep(pause) }
  }
  print(rounds)
default:
  exit(64)
}

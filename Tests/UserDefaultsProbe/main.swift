// A test helper: Foundation's UserDefaults on Linux, driven from the command line, so that
// CLI tests can check plistctl against the real thing in a separate process.
//
//   UserDefaultsProbe write SUITE   — sets one key of every plist type in SUITE
//   UserDefaultsProbe dump SUITE KEY...   — prints "KEY type value" per key, as UserDefaults
//                                          sees it (global-domain fallback included)
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
default:
  exit(64)
}

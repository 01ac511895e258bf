// The differential target: PlistCore's XML reader against CoreFoundation's, through
// Foundation's PropertyListSerialization (on Linux, swift-corelibs-foundation runs CF's own
// XML parser). Compiled into one module with PlistCore's sources, so this file alone imports
// Foundation; PlistCore itself still never does.
import Foundation

/// Why a reader that disagrees with the system's is dangerous: a file one program checks and
/// another obeys ("Psychic Paper"). So every input PlistCore accepts must be accepted by CF and
/// read to the same value; PlistCore may refuse more (docs/formats.md lists where, and why).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let ours = try? PropertyList.decode(bytes, as: .xml) else { return 0 }
  // UIDs: CF keeps 32 bits of them (docs/formats.md); nothing else to compare there.
  guard !XMLDifferential.holdsUID(ours) else { return 0 }
  var format = PropertyListSerialization.PropertyListFormat.xml
  let theirs: Any
  do {
    theirs = try PropertyListSerialization.propertyList(
      from: Data(bytes), options: [], format: &format)
  } catch {
    XMLDifferential.finding("PlistCore accepts what CoreFoundation refuses: \(error)")
  }
  if format != .xml { XMLDifferential.finding("CoreFoundation read it as \(format), not XML") }
  if let difference = XMLDifferential.difference(ours, theirs, at: "root") {
    XMLDifferential.finding("PlistCore and CoreFoundation read different values: \(difference)")
  }
  return 0
}

enum XMLDifferential {
  /// Reports a disagreement and crashes, so libFuzzer saves the input (an optimised build
  /// drops a precondition's message).
  static func finding(_ message: String) -> Never {
    FileHandle.standardError.write(Data("finding: \(message)\n".utf8))
    abort()
  }

  static func holdsUID(_ value: PlistValue) -> Bool {
    switch value {
    case .uid: return true
    case .array(let items): return items.contains(where: holdsUID)
    case .dictionary(let dict): return dict.values.contains(where: holdsUID)
    default: return false
    }
  }

  /// Where the two values first differ, or nil when they are the same.
  static func difference(_ ours: PlistValue, _ theirs: Any, at path: String) -> String? {
    switch (ours, theirs) {
    case (.string(let a), let b as String):
      return Array(a.utf16) == Array(b.utf16)
        ? nil : "\(path): \(a.debugDescription) ≠ \(b.debugDescription)"
    case (.data(let a), let b as Data):
      return a.bytes == [UInt8](b) ? nil : "\(path): data \(a.bytes) ≠ \([UInt8](b))"
    case (.date(let a), let b as Date):
      let seconds = b.timeIntervalSinceReferenceDate
      return PlistValue.sameDouble(a.secondsSinceReferenceDate, seconds)
        ? nil : "\(path): date \(a.secondsSinceReferenceDate) ≠ \(seconds)"
    case (.array(let a), let b as [Any]):
      guard a.count == b.count else { return "\(path): \(a.count) items ≠ \(b.count)" }
      for (n, (x, y)) in zip(a, b).enumerated() {
        if let found = difference(x, y, at: "\(path)[\(n)]") { return found }
      }
      return nil
    case (.dictionary(let a), let b as [String: Any]):
      guard a.count == b.count else { return "\(path): \(a.count) keys ≠ \(b.count)" }
      for (key, x) in a {
        guard let y = b[key] else { return "\(path): key \(key.debugDescription) missing" }
        if let found = difference(x, y, at: "\(path)[\(key.debugDescription)]") { return found }
      }
      return nil
    case (_, let b as NSNumber):
      return number(ours, b, at: path)
    default:
      return "\(path): \(ours) ≠ \(type(of: theirs)) \(theirs)"
    }
  }

  private static func number(_ ours: PlistValue, _ theirs: NSNumber, at path: String) -> String? {
    let type = String(cString: theirs.objCType)
    switch ours {
    case .boolean(let b) where type == "c" || type == "B":
      return b == theirs.boolValue ? nil : "\(path): \(b) ≠ \(theirs)"
    case .real(let r) where type == "d" || type == "f":
      return PlistValue.sameDouble(r, theirs.doubleValue) ? nil : "\(path): \(r) ≠ \(theirs)"
    case .integer(let i) where !["c", "B", "d", "f"].contains(type):
      if let v = i.int64Value, type != "Q" {
        return v == theirs.int64Value ? nil : "\(path): \(v) ≠ \(theirs)"
      }
      return i.bitPattern == theirs.uint64Value ? nil : "\(path): \(i) ≠ \(theirs)"
    default:
      return "\(path): \(ours) ≠ NSNumber<\(type)> \(theirs)"
    }
  }
}

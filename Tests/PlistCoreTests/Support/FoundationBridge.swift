import Foundation
import PlistCore

/// Converts between `PlistValue` and Foundation's property-list objects, so that Foundation's
/// `PropertyListSerialization` can serve as an independent oracle.
enum FoundationBridge {
  static func object(_ value: PlistValue) -> Any {
    switch value {
    case .string(let s): return s
    case .integer(let i):
      if let v = i.int64Value { return NSNumber(value: v) }
      return NSNumber(value: i.bitPattern)
    case .real(let r): return NSNumber(value: r)
    case .boolean(let b): return b
    case .date(let d): return Date(timeIntervalSinceReferenceDate: d.secondsSinceReferenceDate)
    case .data(let d): return Data(d.bytes)
    case .array(let a): return a.map(object)
    case .dictionary(let d): return d.asSwiftDictionary.mapValues(object)
    case .uid: return "unsupported"
    }
  }

  static func value(_ object: Any) -> PlistValue? {
    switch object {
    case let s as String: return .string(s)
    case let d as Data: return .data(PlistData([UInt8](d)))
    case let d as Date:
      return .date(PlistDate(secondsSinceReferenceDate: d.timeIntervalSinceReferenceDate))
    case let a as [Any]:
      let items = a.compactMap(value)
      return items.count == a.count ? .array(items) : nil
    case let d as [String: Any]:
      let dict = d.compactMapValues(value)
      return dict.count == d.count ? .dictionary(PlistDictionary(dict)) : nil
    case let n as NSNumber: return number(n)
    default: return nil
    }
  }

  private static func number(_ n: NSNumber) -> PlistValue {
    switch String(cString: n.objCType) {
    case "c", "B": return .boolean(n.boolValue)
    case "f", "d": return .real(n.doubleValue)
    case "Q": return .integer(PlistInteger(n.uint64Value))
    default: return .integer(PlistInteger(n.int64Value))
    }
  }
}

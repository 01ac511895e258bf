import Foundation
import PlistCore

/// The corpus's typed-node JSON (`{"integer": "-42"}`, `{"dict": {...}}`), to and from values.
/// Also the exchange format with the python3 plistlib oracle.
public enum TypedJSON {
  /// A node that is not of the typed form.
  public struct Malformed: Error, CustomStringConvertible {
    /// What was wrong, with the node.
    public let description: String
  }

  /// The value a typed node stands for.
  ///
  /// - Parameter node: A Foundation JSON object in the typed form.
  /// - Returns: The value.
  /// - Throws: `Malformed` for a node of another form.
  public static func value(from node: Any) throws -> PlistValue {
    guard let object = node as? [String: Any],
      let (kind, payload) = object.first(where: { $0.key != "iso" })
    else { throw Malformed(description: "not a typed node: \(node)") }
    switch kind {
    case "string":
      guard let s = payload as? String else { break }
      return .string(s)
    case "integer":
      guard let s = payload as? String, let i = PlistInteger(decimal: s) else { break }
      return .integer(i)
    case "real":
      guard let s = payload as? String, let r = double(s) else { break }
      return .real(r)
    case "bool":
      guard let n = payload as? NSNumber else { break }
      return .boolean(n.boolValue)
    case "date":
      guard let s = payload as? String, let r = double(s) else { break }
      return .date(PlistDate(secondsSinceReferenceDate: r))
    case "data":
      guard let s = payload as? String, let d = Data(base64Encoded: s) else { break }
      return .data(PlistData([UInt8](d)))
    case "uid":
      guard let n = payload as? NSNumber else { break }
      return .uid(n.uint64Value)
    case "array":
      guard let items = payload as? [Any] else { break }
      return .array(try items.map(value(from:)))
    case "dict":
      guard let dict = payload as? [String: Any] else { break }
      return .dictionary(PlistDictionary(try dict.mapValues(value(from:))))
    default: break
    }
    throw Malformed(description: "bad \(kind) node: \(payload)")
  }

  private static func double(_ s: String) -> Double? {
    switch s {
    case "nan": return .nan
    case "inf": return .infinity
    case "-inf": return -.infinity
    default: return Double(s)
    }
  }

  /// The typed-node form of a value, as a Foundation JSON object.
  public static func node(from value: PlistValue) -> Any {
    switch value {
    case .string(let s): return ["string": s]
    case .integer(let i): return ["integer": i.description]
    case .real(let r):
      return ["real": r.isNaN ? "nan" : r.isInfinite ? (r < 0 ? "-inf" : "inf") : "\(r)"]
    case .boolean(let b): return ["bool": b]
    case .date(let d): return ["date": "\(d.secondsSinceReferenceDate)"]
    case .data(let d): return ["data": Data(d.bytes).base64EncodedString()]
    case .uid(let u): return ["uid": NSNumber(value: u)]
    case .array(let a): return ["array": a.map(node(from:))]
    case .dictionary(let d): return ["dict": d.asSwiftDictionary.mapValues(node(from:))]
    }
  }
}

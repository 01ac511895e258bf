/// A value the process no longer needs but does not free: it is about to exit, and
/// releasing a large tree costs a walk over every node (5 % of a 10 MB conversion, a tenth
/// of a PlistBuddy `Print`). Kept by one more reference that is never released.
package final class LeftForExit {
  let value: PlistValue
  private init(_ value: PlistValue) { self.value = value }

  /// Keeps a value alive until the process exits.
  package static func keep(_ value: PlistValue) { _ = Unmanaged.passRetained(LeftForExit(value)) }
}

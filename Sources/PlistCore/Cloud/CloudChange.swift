/// A change to a cloud store's values that did not come from this process's own writes: the
/// analogue of `NSUbiquitousKeyValueStore.didChangeExternallyNotification`, with Apple's
/// reasons and numbers.
public struct CloudChange: Sendable, Equatable {
  /// Why the values changed (`NSUbiquitousKeyValueStoreChangeReasonKey`).
  public enum Reason: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Another replica changed them.
    case serverChange = 0
    /// The replica's first sync with its store brought them.
    case initialSync = 1
    /// A write was refused, or a merge kept these keys out, to stay within the limits.
    case quotaViolation = 2
    /// The store was re-attached to another location: its values were replaced.
    case accountChange = 3

    /// Apple's name, e.g. `serverChange`.
    public var description: String {
      switch self {
      case .serverChange: return "serverChange"
      case .initialSync: return "initialSync"
      case .quotaViolation: return "quotaViolation"
      case .accountChange: return "accountChange"
      }
    }
  }

  /// Why.
  public var reason: Reason
  /// The keys concerned, sorted (`NSUbiquitousKeyValueStoreChangedKeysKey`).
  public var keys: [String]

  /// A change, as the store reports one (an app's tests can give one to its handler).
  ///
  /// - Parameters:
  ///   - reason: Why.
  ///   - keys: The keys concerned.
  public init(reason: Reason, keys: [String]) {
    self.reason = reason
    self.keys = keys
  }

  /// The keys whose values differ between two views of a store, as a change; nil when none
  /// do.
  static func between(
    _ before: [String: PlistValue], _ after: [String: PlistValue], reason: Reason
  ) -> CloudChange? {
    var keys: [String] = []
    for (key, value) in after where before[key] != value { keys.append(key) }
    for key in before.keys where after[key] == nil { keys.append(key) }
    return keys.isEmpty ? nil : CloudChange(reason: reason, keys: keys.sorted())
  }
}

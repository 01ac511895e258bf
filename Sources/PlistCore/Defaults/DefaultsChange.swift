/// A change of a key's effective value, as `Defaults.changes(forKeys:)` reports it.
public struct DefaultsChange: Sendable, Equatable {
  /// Who made a change.
  public enum Origin: Sendable, Equatable {
    /// This process (any `Defaults` in it): a write, a registration, a volatile domain.
    case thisProcess
    /// Another process: an app, plistctl, an editor, a sync tool.
    case otherProcess
  }

  /// The key.
  public let key: String
  /// The effective value before, or nil when there was none.
  public let oldValue: PlistValue?
  /// The effective value now, or nil when there is none.
  public let newValue: PlistValue?
  /// The layer the new value comes from, or nil when there is none.
  public let layer: DefaultsLayer?
  /// Who made the change.
  public let origin: Origin

  /// A change, as a change stream reports one (an app's tests can give one to its handler).
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - oldValue: The effective value before.
  ///   - newValue: The effective value now.
  ///   - layer: Where the new value comes from.
  ///   - origin: Who made the change.
  public init(
    key: String, oldValue: PlistValue?, newValue: PlistValue?, layer: DefaultsLayer?,
    origin: Origin
  ) {
    self.key = key
    self.oldValue = oldValue
    self.newValue = newValue
    self.layer = layer
    self.origin = origin
  }
}

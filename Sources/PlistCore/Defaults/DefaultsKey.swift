extension Defaults {
  /// What every typed key is, whatever its value's type: a name. Declare keys as static
  /// members of this class, and they can be written as `.name` wherever a key is expected:
  ///
  /// ```swift
  /// extension Defaults.Keys {
  ///   static let mapType = Defaults.Key<Int>("HPMapType", default: 0)
  /// }
  /// defaults[.mapType] += 1
  /// ```
  ///
  /// (A class rather than a protocol so that `.mapType` finds a static member declared here
  /// from the contextual type `Key<Int>`, its subclass.)
  public class Keys: @unchecked Sendable {
    /// The defaults key the value is stored under. Any string: dots are part of the name,
    /// never a path.
    public let name: String

    fileprivate init(name: String) { self.name = name }
  }

  /// A key declared once with the type of its value and its default: read as that type
  /// (the default when no layer has the key, or when what is stored does not decode to the
  /// type), written through like `set`. Values are stored as `PlistEncoder` makes them, so
  /// `Int`, `Double`, `Bool`, `String`, arrays and dictionaries of them are the plain
  /// property-list values `plistctl read` shows, and a `Codable` struct is a dictionary.
  public final class Key<Value: Codable & Sendable>: Keys, @unchecked Sendable {
    /// The value read when the key is not set anywhere.
    public let defaultValue: Value

    /// A key and its default.
    ///
    /// - Parameters:
    ///   - name: The defaults key.
    ///   - defaultValue: The value when the key is not set.
    public init(_ name: String, default defaultValue: Value) {
      self.defaultValue = defaultValue
      super.init(name: name)
    }
  }

  /// The value of a typed key: the effective value decoded to the key's type, else its
  /// default. Setting writes it through like `set(_:forKey:)`; setting an optional key to
  /// nil removes the key.
  public subscript<Value>(key: Key<Value>) -> Value {
    get { value(of: key) }
    set { store(newValue, for: key) }
  }

  /// Removes a typed key from the application domain, so its default (or a value behind
  /// it, in a layer further down the search list) shows again.
  ///
  /// - Parameter key: The key.
  func reset<Value>(_ key: Key<Value>) {
    removeObject(forKey: key.name)
  }

  /// Removes several typed keys (see `reset(_:)`).
  ///
  /// - Parameter keys: The keys.
  public func reset(_ keys: Keys...) {
    for key in keys { removeObject(forKey: key.name) }
  }

  /// The value of a key as its type, from a property-list value (nil: the default).
  @usableFromInline
  func value<Value>(of key: Key<Value>, from stored: PlistValue?) -> Value {
    guard let stored else { return key.defaultValue }
    return (try? PlistDecoder().decode(Value.self, from: stored)) ?? key.defaultValue
  }

  private func value<Value>(of key: Key<Value>) -> Value {
    value(of: key, from: object(forKey: key.name))
  }

  private func store<Value>(_ value: Value, for key: Key<Value>) {
    if let optional = value as? any OptionalValue, optional.isNone {
      removeObject(forKey: key.name)
      return
    }
    // Values a property list cannot hold (a nil inside an array, a dictionary keyed by
    // numbers) are not stored, as `set` ignores what it cannot write.
    guard let encoded = try? PlistEncoder().encodeToValue(value) else { return }
    set(encoded, forKey: key.name)
  }
}

extension Defaults.Key {
  /// An optional key, whose default is nil.
  ///
  /// - Parameter name: The defaults key.
  public convenience init<Wrapped>(_ name: String) where Value == Wrapped? {
    self.init(name, default: nil)
  }
}

/// An optional, asked whether it holds nothing (the typed subscript removes the key then).
private protocol OptionalValue {
  var isNone: Bool { get }
}

extension Optional: OptionalValue {
  fileprivate var isNone: Bool { self == nil }
}

/// A property backed by a typed key of a `Defaults` (`.standard` unless given): reading it
/// reads the effective value, setting it writes through.
///
/// ```swift
/// struct Settings {
///   @Default(.mapType) var mapType
/// }
/// ```
@propertyWrapper
public struct Default<Value: Codable & Sendable>: Sendable {
  /// The key.
  public let key: Defaults.Key<Value>
  /// The defaults it is read from and written to.
  public let defaults: Defaults

  /// A property for a key.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - defaults: Where it is stored.
  public init(_ key: Defaults.Key<Value>, defaults: Defaults = .standard) {
    self.key = key
    self.defaults = defaults
  }

  /// The key's value.
  public var wrappedValue: Value {
    get { defaults[key] }
    nonmutating set { defaults[key] = newValue }
  }

  /// The key itself (`$mapType`), to reset it or watch it.
  public var projectedValue: Defaults.Key<Value> { key }
}

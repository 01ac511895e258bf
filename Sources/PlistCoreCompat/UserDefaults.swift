import PlistCore
import Synchronization

/// Foundation's `UserDefaults`, for code written against it: change `import Foundation` to
/// `import PlistCoreCompat` and it compiles and runs on PlistCore's `Defaults`. The surface is
/// Foundation's, with its types — values as `Any`, `[String: Any]` and `[Any]`, the
/// non-throwing domain methods, the type members — except where a Foundation type cannot
/// exist without Foundation: data is `PlistData` (bytes), dates `PlistDate`, and
/// `url(forKey:)` gives the path as a `String`.
///
/// What a value read back is: a string `String`, an integer `Int` (or `UInt64` above
/// `Int.max`), a real `Double`, a boolean `Bool`, an array `[Any]`, a dictionary
/// `[String: Any]`. So `object(forKey:) as? [String: Any]` and `array(forKey:) as? [String]`
/// work as with Foundation. Unlike Foundation's `NSNumber`, a number read as `Any` casts only
/// to its own type (`as? Int` for an integer, `as? Double` for a real); the typed getters
/// (`integer(forKey:)`, `double(forKey:)`, `bool(forKey:)`) convert as Foundation's do.
///
/// Where PlistCore behaves better than Foundation on Linux (docs/defaults-system.md) — a
/// write is on disk when `set` returns, another process's write is seen at the next read, a
/// concurrent write is never lost — so does this class: `synchronize()` has nothing left to
/// do.
open class UserDefaults: @unchecked Sendable {
  /// The `Defaults` that does the work.
  public let defaults: Defaults

  /// A `UserDefaults` over a `Defaults` (a suite in a test's environment, say).
  ///
  /// - Parameter defaults: The defaults.
  public init(defaults: Defaults) {
    self.defaults = defaults
  }

  /// The app's defaults, for its domain (the process name).
  public convenience init() {
    self.init(defaults: Defaults.standard)
  }

  /// A suite's defaults, as Foundation's initializer: nil for `NSGlobalDomain` and for
  /// names that cannot be a domain file; nil `suiteName` gives the app's domain.
  ///
  /// - Parameter suiteName: The suite.
  public convenience init?(suiteName: String?) {
    guard let defaults = Defaults(suiteName: suiteName) else { return nil }
    self.init(defaults: defaults)
  }

  private static let shared = Mutex<UserDefaults?>(nil)

  /// The shared defaults of the app's domain.
  open class var standard: UserDefaults {
    shared.withLock { shared in
      if let shared { return shared }
      let made = UserDefaults()
      shared = made
      return made
    }
  }

  /// Lets `standard` make a new instance at its next use (Foundation's name).
  open class func resetStandardUserDefaults() {
    shared.withLock { $0 = nil }
  }

  /// The global domain's name.
  public static let globalDomain = Defaults.globalDomain
  /// The argument domain's name.
  public static let argumentDomain = Defaults.argumentDomain
  /// The registration domain's name.
  public static let registrationDomain = Defaults.registrationDomain

  // MARK: - Reading

  /// The effective value, as Foundation types it (see the class's description).
  ///
  /// - Parameter defaultName: The key.
  /// - Returns: The value, or nil.
  open func object(forKey defaultName: String) -> Any? {
    defaults.object(forKey: defaultName).map(\.foundationValue)
  }

  /// - Parameter defaultName: The key.
  /// - Returns: A string value (or a number's text, as Foundation gives it), or nil.
  open func string(forKey defaultName: String) -> String? {
    defaults.string(forKey: defaultName)
  }

  /// - Parameter defaultName: The key.
  /// - Returns: An array value, its elements as Foundation types them, or nil.
  open func array(forKey defaultName: String) -> [Any]? {
    defaults.array(forKey: defaultName).map { $0.map(\.foundationValue) }
  }

  /// - Parameter defaultName: The key.
  /// - Returns: A dictionary value, its values as Foundation types them, or nil.
  open func dictionary(forKey defaultName: String) -> [String: Any]? {
    defaults.dictionary(forKey: defaultName).map(\.foundationDictionary)
  }

  /// - Parameter defaultName: The key.
  /// - Returns: A data value's bytes (Foundation: `Data`), or nil.
  open func data(forKey defaultName: String) -> PlistData? {
    defaults.data(forKey: defaultName)
  }

  /// - Parameter defaultName: The key.
  /// - Returns: An array whose elements are all strings, or nil.
  open func stringArray(forKey defaultName: String) -> [String]? {
    defaults.stringArray(forKey: defaultName)
  }

  /// - Parameter defaultName: The key.
  /// - Returns: The value as an integer, converted as Foundation converts it; 0 if none.
  open func integer(forKey defaultName: String) -> Int { defaults.integer(forKey: defaultName) }

  /// - Parameter defaultName: The key.
  /// - Returns: The value as a `Float`; 0 if none.
  open func float(forKey defaultName: String) -> Float { defaults.float(forKey: defaultName) }

  /// - Parameter defaultName: The key.
  /// - Returns: The value as a `Double`; 0 if none.
  open func double(forKey defaultName: String) -> Double { defaults.double(forKey: defaultName) }

  /// - Parameter defaultName: The key.
  /// - Returns: The value as a `Bool` (`YES`, `1` and non-zero numbers are true); false if none.
  open func bool(forKey defaultName: String) -> Bool { defaults.bool(forKey: defaultName) }

  /// - Parameter defaultName: The key.
  /// - Returns: A path or file URL's path (Foundation: `URL`), or nil.
  open func url(forKey defaultName: String) -> String? { defaults.url(forKey: defaultName) }

  // MARK: - Writing

  /// Sets a key to a value held as `Any` (a string, a number, a boolean, `PlistData`,
  /// `PlistDate`, or arrays and `[String: Any]` dictionaries of them); nil removes it. A
  /// value with no property-list form stops the program, as with Foundation.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - defaultName: The key.
  open func set(_ value: Any?, forKey defaultName: String) {
    guard let value else { return defaults.removeObject(forKey: defaultName) }
    guard let plist = PlistValue(any: value) else {
      preconditionFailure("UserDefaults.set: \(type(of: value)) has no property-list form")
    }
    defaults.set(plist, forKey: defaultName)
  }

  /// - Parameters:
  ///   - value: The value.
  ///   - defaultName: The key.
  open func set(_ value: Int, forKey defaultName: String) {
    defaults.set(value, forKey: defaultName)
  }

  /// - Parameters:
  ///   - value: The value.
  ///   - defaultName: The key.
  open func set(_ value: Float, forKey defaultName: String) {
    defaults.set(value, forKey: defaultName)
  }

  /// - Parameters:
  ///   - value: The value.
  ///   - defaultName: The key.
  open func set(_ value: Double, forKey defaultName: String) {
    defaults.set(value, forKey: defaultName)
  }

  /// - Parameters:
  ///   - value: The value.
  ///   - defaultName: The key.
  open func set(_ value: Bool, forKey defaultName: String) {
    defaults.set(value, forKey: defaultName)
  }

  /// Removes a key from the app's domain, so that the next layer shows through.
  ///
  /// - Parameter defaultName: The key.
  open func removeObject(forKey defaultName: String) {
    defaults.removeObject(forKey: defaultName)
  }

  /// Writes what earlier writes could not; true when nothing is left (every write is made
  /// when `set` returns, so this has nothing to do unless a write failed).
  ///
  /// - Returns: Whether nothing is left unwritten.
  @discardableResult
  open func synchronize() -> Bool { defaults.synchronize() }

  // MARK: - Domains

  /// Registers defaults for this process (not stored), behind every file's value.
  ///
  /// - Parameter registrationDictionary: Keys and values, as Foundation takes them.
  open func register(defaults registrationDictionary: [String: Any]) {
    defaults.register(defaults: Self.plistDictionary(registrationDictionary, "register"))
  }

  /// Adds a suite's domain to the search list, after the app's.
  ///
  /// - Parameter suiteName: The suite.
  open func addSuite(named suiteName: String) { defaults.addSuite(named: suiteName) }

  /// Removes a suite's domain from the search list.
  ///
  /// - Parameter suiteName: The suite.
  open func removeSuite(named suiteName: String) { defaults.removeSuite(named: suiteName) }

  /// Every key with its effective value.
  ///
  /// - Returns: The keys and values.
  open func dictionaryRepresentation() -> [String: Any] {
    defaults.dictionaryRepresentation().foundationDictionary
  }

  /// The names of the volatile domains.
  open var volatileDomainNames: [String] { defaults.volatileDomainNames }

  /// - Parameter domainName: A volatile domain's name.
  /// - Returns: Its keys and values (empty when there is none).
  open func volatileDomain(forName domainName: String) -> [String: Any] {
    defaults.volatileDomain(forName: domainName).foundationDictionary
  }

  /// Replaces a volatile domain.
  ///
  /// - Parameters:
  ///   - domain: Its keys and values.
  ///   - domainName: Its name.
  open func setVolatileDomain(_ domain: [String: Any], forName domainName: String) {
    defaults.setVolatileDomain(
      Self.plistDictionary(domain, "setVolatileDomain"), forName: domainName)
  }

  /// Removes a volatile domain.
  ///
  /// - Parameter domainName: Its name.
  open func removeVolatileDomain(forName domainName: String) {
    defaults.removeVolatileDomain(forName: domainName)
  }

  /// - Parameter domainName: A domain (`NSGlobalDomain` for the global domain).
  /// - Returns: Its file's keys and values, or nil when it has no file.
  open func persistentDomain(forName domainName: String) -> [String: Any]? {
    defaults.persistentDomain(forName: domainName)?.foundationDictionary
  }

  /// Replaces a domain file's contents. As with Foundation, a failure is not reported here
  /// (`Defaults.setPersistentDomain` throws it).
  ///
  /// - Parameters:
  ///   - domain: Its keys and values.
  ///   - domainName: The domain.
  open func setPersistentDomain(_ domain: [String: Any], forName domainName: String) {
    try? defaults.setPersistentDomain(
      Self.plistDictionary(domain, "setPersistentDomain"), forName: domainName)
  }

  /// Removes a domain file (a failure is not reported, as with Foundation).
  ///
  /// - Parameter domainName: The domain.
  open func removePersistentDomain(forName domainName: String) {
    try? defaults.removePersistentDomain(forName: domainName)
  }

  /// Whether an administrator forces (or locks) the key's value, in this domain, a suite or
  /// the global domain: `Defaults.objectIsForced(forKey:)` (docs/managed.md; Foundation on
  /// Linux always answers false).
  ///
  /// - Parameter key: The key.
  /// - Returns: Whether it is forced.
  open func objectIsForced(forKey key: String) -> Bool { defaults.objectIsForced(forKey: key) }

  /// Whether an administrator forces (or locks) the key's value in a domain.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - domain: The domain.
  /// - Returns: Whether it is forced there.
  open func objectIsForced(forKey key: String, inDomain domain: String) -> Bool {
    defaults.objectIsForced(forKey: key, inDomain: domain)
  }

  /// A `[String: Any]` as a plist dictionary; a value with no plist form stops the program,
  /// as Foundation stops it.
  private static func plistDictionary(_ dictionary: [String: Any], _ caller: String)
    -> PlistDictionary
  {
    guard case .dictionary(let converted)? = PlistValue(any: dictionary) else {
      preconditionFailure("UserDefaults.\(caller): a value has no property-list form")
    }
    return converted
  }
}

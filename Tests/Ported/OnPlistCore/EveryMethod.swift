import PlistCoreCompat

// Every member of UserDefaults' API once, printing what an app would see. Run with the
// arguments `every -EMArgument hello`.
func everyMethod() {
  print(
    "domains: \(UserDefaults.globalDomain) \(UserDefaults.argumentDomain) "
      + "\(UserDefaults.registrationDomain)")
  let defaults = UserDefaults.standard
  let suiteName = "com.example.every.suite"
  guard let suite = UserDefaults(suiteName: suiteName) else { return print("no suite") }

  defaults.register(defaults: ["EMRegistered": "factory", "EMCount": 3])
  defaults.set("text", forKey: "EMString")
  defaults.set(42, forKey: "EMInt")
  defaults.set(Float(1.5), forKey: "EMFloat")
  defaults.set(2.25, forKey: "EMDouble")
  defaults.set(true, forKey: "EMBool")
  defaults.set(["a", "b"], forKey: "EMStrings")
  defaults.set(["one", 2] as [Any], forKey: "EMMixed")
  defaults.set(["x": 1, "y": "two"] as [String: Any], forKey: "EMDictionary")
  defaults.set("gone soon", forKey: "EMRemoved")
  defaults.removeObject(forKey: "EMRemoved")
  // (`set(nil, forKey:)` picks Foundation's `URL?` overload, which never returns on Linux.)
  defaults.set(nil as Any?, forKey: "EMString")
  defaults.set("text again", forKey: "EMString")
  print("synchronize: \(defaults.synchronize())")

  print(
    "object: \(defaults.object(forKey: "EMString") as? String ?? "-") "
      + "\(defaults.object(forKey: "EMInt") as? Int ?? -1) "
      + "\(defaults.object(forKey: "EMDouble") as? Double ?? -1) "
      + "\(defaults.object(forKey: "EMRemoved") == nil)")
  print(
    "string: \(defaults.string(forKey: "EMString") ?? "-") \(defaults.string(forKey: "EMNone") ?? "-")"
  )
  print(
    "numbers: \(defaults.integer(forKey: "EMInt")) \(defaults.float(forKey: "EMFloat")) "
      + "\(defaults.double(forKey: "EMDouble")) \(defaults.bool(forKey: "EMBool")) "
      + "\(defaults.integer(forKey: "EMCount")) \(defaults.integer(forKey: "EMNone"))")
  print(
    "array: \(defaults.array(forKey: "EMStrings") as? [String] ?? []) "
      + "\((defaults.array(forKey: "EMMixed") ?? []).count) "
      + "\(defaults.array(forKey: "EMMixed")?.first as? String ?? "-")")
  print(
    "stringArray: \(defaults.stringArray(forKey: "EMStrings") ?? []) "
      + "\(defaults.stringArray(forKey: "EMMixed") == nil)")
  let dictionary = defaults.dictionary(forKey: "EMDictionary") ?? [:]
  print(
    "dictionary: \(dictionary.keys.sorted()) \(dictionary["x"] as? Int ?? -1) "
      + "\(dictionary["y"] as? String ?? "-")")
  print(
    "missing: \(defaults.data(forKey: "EMNone") == nil) \(defaults.url(forKey: "EMNone") == nil)")
  print("registered: \(defaults.string(forKey: "EMRegistered") ?? "-")")
  print("argument: \(defaults.string(forKey: "EMArgument") ?? "-")")
  print(
    "forced: \(defaults.objectIsForced(forKey: "EMInt")) "
      + "\(defaults.objectIsForced(forKey: "EMInt", inDomain: suiteName))")

  suite.set("from the suite", forKey: "EMSuiteKey")
  suite.synchronize()
  defaults.addSuite(named: suiteName)
  print("suite added: \(defaults.string(forKey: "EMSuiteKey") ?? "-")")
  defaults.removeSuite(named: suiteName)
  print("suite removed: \(defaults.string(forKey: "EMSuiteKey") ?? "-")")

  // (Which layers it merges differs, as docs/defaults-system.md says: the app's own keys and
  // the registered ones are in both.)
  let representation = defaults.dictionaryRepresentation()
  print(
    "dictionaryRepresentation: \(representation["EMInt"] as? Int ?? -1) "
      + "\(representation["EMRegistered"] as? String ?? "-")")

  defaults.setVolatileDomain(["EMVolatile": "in memory"], forName: "EMVolatileDomain")
  // (Whether a lookup finds a volatile domain's keys differs: docs/defaults-system.md.)
  print(
    "volatile: \(defaults.volatileDomainNames.filter { $0.hasPrefix("EM") }) "
      + "\(defaults.volatileDomain(forName: "EMVolatileDomain")["EMVolatile"] as? String ?? "-")")
  defaults.removeVolatileDomain(forName: "EMVolatileDomain")
  print("volatile removed: \(defaults.volatileDomainNames.filter { $0.hasPrefix("EM") })")

  let other = "com.example.every.persistent"
  defaults.setPersistentDomain(
    ["EMPersistent": 7, "EMList": ["p"]] as [String: Any], forName: other)
  let persistent = defaults.persistentDomain(forName: other) ?? [:]
  print("persistent: \(persistent.keys.sorted()) \(persistent["EMPersistent"] as? Int ?? -1)")
  defaults.removePersistentDomain(forName: other)
  print("persistent removed: \(defaults.persistentDomain(forName: other)?.isEmpty ?? true)")

  UserDefaults.resetStandardUserDefaults()
  print(
    "after reset: \(UserDefaults.standard.integer(forKey: "EMInt")) "
      + "\(UserDefaults().string(forKey: "EMString") ?? "-")")
}

extension Defaults {
  /// Makes a Settings bundle's factory defaults the last layer of the search list, so that
  /// an app never types its defaults twice, and has `write(_:forKey:)` refuse what the
  /// bundle's elements do not allow. A bundle that cannot be read changes nothing.
  ///
  /// - Parameters:
  ///   - path: A `Settings.bundle` directory or a lone pane plist.
  ///   - preferredLanguages: Locale names for the bundle's texts, most preferred first.
  /// - Returns: The schema, or nil when the bundle cannot be read.
  @discardableResult
  public func register(settingsBundle path: String, preferredLanguages: [String] = [])
    -> SettingsSchema?
  {
    guard let schema = try? SettingsSchema(bundlePath: path, preferredLanguages: preferredLanguages)
    else { return nil }
    register(settingsSchema: schema)
    return schema
  }

  /// Registers a schema already loaded: its factory defaults and its validation.
  ///
  /// - Parameter schema: The schema.
  public func register(settingsSchema schema: SettingsSchema) {
    registerFactoryDefaults(schema.factoryDefaults) { (key, value) throws(PlistError) in
      try schema.validate(value, forKey: key)
    }
  }
}

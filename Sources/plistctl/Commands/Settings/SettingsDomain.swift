import PlistCore

/// A settings command's DOMAIN: an app's domain name (a schema describes an app, not a file
/// or the global domain).
enum SettingsDomain {
  static func name(_ argument: String?, in context: CommandContext, topic: String) throws
    -> String
  {
    let argument = argument ?? ""
    guard case .named(let name) = try context.domain(argument).kind else {
      throw UsageError("a Settings bundle describes an app: give a domain name", topic: topic)
    }
    return name
  }
}

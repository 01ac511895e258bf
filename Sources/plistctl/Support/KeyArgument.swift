import PlistCore

/// A KEY argument as the commands read it: a key path when it starts with `:`, otherwise one
/// top-level key exactly as `defaults` takes it (dots and colons included).
enum KeyArgument {
  static func path(_ argument: String) -> PlistPath {
    PlistPath(argument) ?? PlistPath(topLevelKey: argument)
  }
}

import PlistCore

Platform.prepareSignals()

let status = Plistctl.run(
  arguments: Array(CommandLine.arguments.dropFirst()), context: CommandContext.standard())
Platform.exit(status)

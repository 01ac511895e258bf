import PlistCore

Platform.prepareSignals()

let context = CommandContext.standard()
let status =
  ToolMode.run(arguments: CommandLine.unsafeArgv, count: CommandLine.argc, context: context)
  ?? OneKeyRead.run(arguments: CommandLine.unsafeArgv, count: CommandLine.argc, context: context)
  ?? Plistctl.run(rawArguments: RawArguments.current(), context: context)
Platform.exit(status)

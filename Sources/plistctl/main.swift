import PlistCore

Platform.prepareSignals()

let status = Plistctl.run(rawArguments: RawArguments.current(), context: CommandContext.standard())
Platform.exit(status)

import PlistCore

let status = Plistctl.run(rawArguments: RawArguments.current(), context: CommandContext.standard())
Platform.exit(status)

import PlistCore

/// `read DOMAIN KEY` — the command scripts run most, often in loops — run straight from the
/// process's arguments when they are exactly that, so that it starts almost as fast as a
/// program that does nothing. The general way (`RawArguments`, `ArgumentParser`, the
/// commands' specs) makes arrays, and a process's first array costs the runtime's set-up of
/// the standard library's array types: 25 k instructions, an eighth of the run.
///
/// It does what the general way does with those arguments — the same calls
/// (`ReadCommand.printValue`), output, messages and exit statuses — and `OneKeyReadTests`
/// runs both on the same cases.
enum OneKeyRead {
  /// The run's status, or nil when the arguments are anything but `read`, a domain and a key,
  /// each of ASCII bytes and not starting with `-` (an option, or a word the parser could
  /// take for one), the key not starting with `:` (a key path): the general way runs those.
  static func run(
    arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32,
    context: CommandContext
  ) -> ExitStatus? {
    guard count == 4, let verb = arguments[1], let domain = arguments[2], let key = arguments[3],
      equals(verb, "read"), isPlainWord(domain), isPlainWord(key),
      byte(key[0]) != UInt8(ascii: ":")
    else { return nil }
    let domainArgument = String(cString: domain)
    let keyArgument = String(cString: key)
    do {
      try ReadCommand.printValue(
        of: keyArgument, inDomain: domainArgument, as: .defaults, in: context)
      return .success
    } catch {
      // Not on the host, perhaps in a sandboxed app's container: the general way looks
      // there (only now, so that a read of a host domain costs nothing more).
      do {
        if try context.containerRoot(forDomainArgument: domainArgument, chosen: nil) != nil {
          return nil
        }
      } catch is CommandFailure {
        return nil  // in several containers, or others': the general way says so
      } catch {
        // An invalid name, a bad limit: the error the read met says it as well.
      }
      // What `Plistctl.dispatch` knows of the run when `ReadCommand.run` throws.
      var situation = Messages.Situation(command: ReadCommand.spec.name)
      situation.note(domainArgument: domainArgument, keys: [keyArgument], in: context)
      return Plistctl.failed(error, in: situation, context: context)
    }
  }

  /// Whether a C string is `word`, byte for byte.
  private static func equals(_ argument: UnsafePointer<CChar>, _ word: StaticString) -> Bool {
    let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for (index, wanted) in bytes.enumerated() where byte(argument[index]) != wanted {
      return false
    }
    return argument[bytes.count] == 0
  }

  /// Whether an argument is ASCII (a string as it is: `RawArguments` checks nothing more),
  /// not empty, and does not start with `-`.
  private static func isPlainWord(_ argument: UnsafePointer<CChar>) -> Bool {
    guard argument[0] != 0, byte(argument[0]) != UInt8(ascii: "-") else { return false }
    var index = 0
    while argument[index] != 0 {
      if byte(argument[index]) >= 0x80 { return false }
      index += 1
    }
    return true
  }

  /// A C string's byte (`CChar` is signed on some platforms, unsigned on others).
  private static func byte(_ character: CChar) -> UInt8 {
    UInt8(truncatingIfNeeded: character)
  }
}

// What a `Defaults` keeps of what it read: files by identity, managed domains and whether any
// managed folder exists, each with the moment it was verified.

/// A domain's managed values as last read, and the gate's generation then (-1: no gate).
/// (Structs, not tuples, in `State`: a tuple's type is made at run time, in every process.)
struct CachedManagedDomain {
  let domain: ManagedDomain
  let generation: Int
}

/// Whether any managed folder existed when last looked at, and when: the gate's generation,
/// or (without a gate) minus the lookup's number, so that one lookup looks once.
struct ManagedPresence {
  let present: Bool
  let when: Int
  /// The domains looked at since (`ManagedLocations.mayManage(_:)`), and those found managed.
  var looked: [String] = []
  var managed: [String] = []
}

/// One file as last read: its identity then, and its dictionary or why it could not be read.
struct CachedFile {
  let identity: FileIdentity?
  let dictionary: PlistDictionary
  let error: PlistError?
  /// The gate's generation in which the identity was last checked (-1: never, or no gate).
  var verifiedGeneration = -1

  /// Reads the file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - identity: Its identity, just taken.
  ///   - previous: What was read of it before, if anything: kept while another program's
  ///     save of the file has not finished (`PlistError.saveUnfinished`), as a change stream
  ///     keeps it. The lookup then answers with the values before that save, not with none,
  ///     and the next one, while the file stays as it is, does not wait for it again.
  /// - Returns: The file as read, under `identity`.
  static func read(_ path: String, identity: FileIdentity?, previous: CachedFile?) -> CachedFile {
    guard identity != nil else {
      return CachedFile(identity: nil, dictionary: PlistDictionary(), error: nil)
    }
    do {
      let contents = try DomainStore.read(path)
      // The identity read before the file: a change during the read shows as a mismatch
      // next time, and the file is read again.
      return CachedFile(
        identity: identity, dictionary: contents?.dictionary ?? PlistDictionary(), error: nil)
    } catch {
      if case .saveUnfinished = error, let previous {
        return CachedFile(
          identity: identity, dictionary: previous.dictionary, error: previous.error)
      }
      return CachedFile(identity: identity, dictionary: PlistDictionary(), error: error)
    }
  }
}

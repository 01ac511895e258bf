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

  static func read(_ path: String, identity: FileIdentity?) -> CachedFile {
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
      return CachedFile(identity: identity, dictionary: PlistDictionary(), error: error)
    }
  }
}

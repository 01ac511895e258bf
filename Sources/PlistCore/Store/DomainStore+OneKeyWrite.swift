// MARK: - A write of one key that copies the rest of the file

/// A write of one key, which a canonical file can take by copying its other entries' bytes.
struct OneKeyWrite {
  let operation: WriteOperation
  let path: PlistPath
}

extension DomainStore {
  /// What `patchOneKey` did.
  enum OneKeyOutcome {
    /// The file is written (or nothing needed writing).
    case done(Written)
    /// The full update is to do it, from these contents when the file's bytes were read and
    /// parse (nil: it reads the file itself).
    case declined(Contents?)
  }

  /// The update of one key under the lock `updateOnce` holds, made by copying every other
  /// entry's bytes of a canonical XML or binary file (`XMLCanonicalDomain`,
  /// `BinaryCanonicalDomain`) and writing only what the key changes: the same bytes as the
  /// full read, change and write, without parsing and encoding the rest. A write of one key
  /// of a 100,001-key domain parsed 270 M instructions' worth and encoded 104 M.
  ///
  /// It declines a file that is missing, not canonical, or saved by an app lately (whose
  /// stale saves the full write guards against), a change that does not leave exactly this
  /// key, a binary value it cannot write (a container), or a write of `CF$UID` to XML
  /// (which may make the root a UID); the full update then goes on
  /// under the same lock, from the bytes read here when they parse, and reports every error.
  ///
  /// - Parameters:
  ///   - write: The operation and its key path.
  ///   - target: The domain's file (a link's target).
  ///   - replaced: The file's identity before the read.
  /// - Returns: What was written, or the contents the full update goes on from.
  /// - Throws: What the operation throws (the same error as on the whole dictionary), or
  ///   `PlistError` when writing fails.
  func patchOneKey(_ write: OneKeyWrite, at target: String, replacing replaced: FileIdentity?)
    throws(PlistError) -> OneKeyOutcome
  {
    guard let key = write.path.components.first, Platform.kind(atPath: target) == .regular,
      AppSaveMark.mark(replacing: replaced, atSecond: Platform.currentSecond()) == nil,
      // (try? flattens: nil for no file and for an error, which the full write reports.)
      let file = try? FileAccess.readRegularFileBytes(path: target, maximumSize: limits.maximumSize)
    else { return .declined(nil) }
    return try file.withBytes { (buffer) throws(PlistError) -> OneKeyOutcome in
      try patchOneKey(key, write, in: buffer, at: target, replacing: replaced)
        ?? .declined(Self.contents(parsing: buffer))
    }
  }

  /// The patch of `bytes`, or nil when it declines them.
  private func patchOneKey(
    _ key: String, _ write: OneKeyWrite, in buffer: UnsafeBufferPointer<UInt8>, at target: String,
    replacing replaced: FileIdentity?
  ) throws(PlistError) -> OneKeyOutcome? {
    guard let file = OneKeyFile(buffer), var one = file.entry(of: key) else { return nil }
    let before = one
    try write.operation.apply(to: &one, at: write.path)
    guard one.count == 1, let value = one[key] else { return nil }
    if one == before { return .done(.nothing) }
    guard let produce = try file.producer(setting: key, to: value) else { return nil }
    var identity: FileIdentity?
    let wrote = try FileAccess.writeDomainFile(
      to: target, mode: 0o600, stampNanoseconds: AppSaveMark.nanoseconds(nil)
    ) { temporary in
      // A save in place since the read: the full update starts again from it.
      guard Platform.identity(atPath: target) == replaced else { return false }
      // Recorded before the rename, so a watcher woken by it finds the record there.
      identity = temporary
      OwnWrites.record(temporary, at: target)
      return true
    } restamped: { restamped in
      identity = restamped
      OwnWrites.record(restamped, at: target)
    } produce: { out in
      produce(out)
    }
    guard wrote else { return .declined(nil) }
    // No app saves the file lately (`appSaveMark` nil): the dictionaries are not needed.
    return .done(
      Written(
        wrote: true, path: target, base: PlistDictionary(), result: PlistDictionary(),
        identity: identity, appSaveMark: nil))
  }
}

/// A domain file that a write of one key can patch: a canonical XML or binary one. Each
/// format finds the key's entry and writes the file with the key changed; the frame around
/// (lock, checks, durable write) is `patchOneKey`'s.
private enum OneKeyFile {
  case xml(XMLCanonicalDomain)
  case binary(BinaryCanonicalDomain)

  /// The file, or nil when it is neither canonical XML nor canonical binary.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    if ASCII.hasPrefix("bplist0", bytes) {
      guard let file = BinaryCanonicalDomain(bytes) else { return nil }
      self = .binary(file)
    } else {
      guard let file = XMLCanonicalDomain(bytes) else { return nil }
      self = .xml(file)
    }
  }

  /// A dictionary of the key's entry alone (empty when the key is missing), or nil when its
  /// value cannot be read here.
  func entry(of key: String) -> PlistDictionary? {
    var one = PlistDictionary()
    switch self {
    case .xml(let file):
      if let old = file.slot(of: key).old { one[key] = old }
    case .binary(let file):
      guard let (found, old) = file.value(ofKey: key) else { return nil }
      if found { one[key] = old }
    }
    return one
  }

  /// What writes the file with `key` set to `value`, or nil when this cannot write it
  /// byte for byte as the full write would.
  ///
  /// - Throws: `PlistError.encoding` for a value the format cannot hold.
  func producer(setting key: String, to value: PlistValue) throws(PlistError)
    -> ((ByteOutput) -> Void)?
  {
    switch self {
    case .xml(let file):
      // What `CF$UID` may make of the root (a UID, when it is the only key and holds an
      // integer) is the full write's to judge, on the whole dictionary.
      if key == XMLUIDSpelling.key { return nil }
      let slot = file.slot(of: key)
      let entry: [UInt8]
      do { entry = try XMLCanonicalDomain.entry(key, value) } catch { throw .encoding(error) }
      return { out in file.write(entry, in: slot, to: out) }
    case .binary(let file):
      // A variable the closure holds, so that writing uses up its numbering in place
      // instead of copying it.
      guard var rewrite = file.rewrite(setting: key, to: value) else { return nil }
      return { out in rewrite.writeObjects(to: out) }
    }
  }
}

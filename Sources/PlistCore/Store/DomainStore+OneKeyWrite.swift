// MARK: - A write of one key that copies the rest of the file

extension DomainStore {
  /// `write(_:at:in:)` under the same lock, made by copying every other entry's bytes of a
  /// canonical XML or binary file (`XMLCanonicalDomain`, `BinaryCanonicalDomain`) and
  /// writing only what the key changes: the same bytes as the full read, change and write,
  /// without parsing and encoding the rest. A write of one key of a 100,001-key domain
  /// parsed 270 M instructions' worth and encoded 104 M.
  ///
  /// - Returns: Whether it was done (or there was nothing to change). False — a file that
  ///   is missing, not canonical, or saved by an app lately (whose stale saves the
  ///   full write guards against), a change that does not leave exactly this key, or a
  ///   binary value this cannot write (a container) —
  ///   and the caller does the full write, which also reports every error.
  /// - Throws: What the operation throws (the same error as on the whole dictionary), or
  ///   `PlistError` when writing fails.
  func writeOneKey(_ operation: WriteOperation, at path: PlistPath, in domain: Domain)
    throws(PlistError) -> Bool
  {
    guard let key = path.components.first else { return false }
    if managed != nil {
      // Set-once values to apply, or keys to refuse: the full write does both; this patch
      // knows nothing of them.
      let own = managedDomain(domain)
      guard own?.setOnce.isEmpty ?? true, forcedKeys(in: domain, own: own).isEmpty else {
        return false
      }
    }
    let domainPath = self.path(of: domain)
    guard let target = try? Platform.writeTarget(of: domainPath),
      Platform.kind(atPath: target) == .regular
    else { return false }
    let lock = try FileAccess.lockDirectory(
      Platform.directory(of: target), timeoutMilliseconds: limits.lockTimeoutMilliseconds)
    defer { Platform.closeQuietly(lock) }
    let replaced = Platform.identity(atPath: target)
    guard AppSaveMark.mark(replacing: replaced, atSecond: Platform.currentSecond()) == nil,
      // (try? flattens: nil for no file and for an error, which the full write reports.)
      let bytes = try? FileAccess.readRegularFile(path: target, maximumSize: limits.maximumSize)
    else { return false }
    return try bytes.withUnsafeBufferPointer { (buffer) throws(PlistError) -> Bool in
      guard let file = OneKeyFile(buffer), var one = file.entry(of: key) else { return false }
      let before = one
      try operation.apply(to: &one, at: path)
      guard one.count == 1, let value = one[key] else { return false }
      if one == before { return true }
      guard let produce = try file.producer(setting: key, to: value) else { return false }
      return try FileAccess.writeDomainFile(
        to: target, mode: 0o600, stampNanoseconds: AppSaveMark.nanoseconds(nil)
      ) { temporary in
        // A save in place since the read: the full write starts again from it.
        guard Platform.identity(atPath: target) == replaced else { return false }
        // Recorded before the rename, so a watcher woken by it finds the record there.
        OwnWrites.record(temporary, at: target)
        return true
      } restamped: { restamped in
        OwnWrites.record(restamped, at: target)
      } produce: { out in
        produce(out)
      }
    }
  }
}

/// A domain file that a write of one key can patch: a canonical XML or binary one. Each
/// format finds the key's entry and writes the file with the key changed; the frame around
/// (lock, checks, durable write) is `writeOneKey`'s.
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
      let slot = file.slot(of: key)
      let entry: [UInt8]
      do { entry = try XMLCanonicalDomain.entry(key, value) } catch { throw .encoding(error) }
      return { out in
        let all = file.bytes
        out.append(UnsafeBufferPointer(rebasing: all[..<slot.replaced.lowerBound]))
        entry.withUnsafeBufferPointer { out.append($0) }
        out.append(UnsafeBufferPointer(rebasing: all[slot.replaced.upperBound...]))
      }
    case .binary(let file):
      guard let rewrite = file.rewrite(setting: key, to: value) else { return nil }
      return { out in rewrite.write(to: out) }
    }
  }
}

// MARK: - A write of one key that copies the rest of the file

extension DomainStore {
  /// `write(_:at:in:)` under the same lock, made by copying every other entry's bytes of a
  /// canonical XML file (`XMLCanonicalDomain`) and writing only the key's new entry: the
  /// same bytes as the full read, change and write, without parsing and encoding the rest.
  /// A write of one key of a 100,001-key domain parsed 270 M instructions' worth and
  /// encoded 104 M.
  ///
  /// - Returns: Whether it was done (or there was nothing to change). False — a file that
  ///   is missing, not canonical, binary, or saved by an app lately (whose stale saves the
  ///   full write guards against), or a change that does not leave exactly this key —
  ///   and the caller does the full write, which also reports every error.
  /// - Throws: What the operation throws (the same error as on the whole dictionary), or
  ///   `PlistError` when writing fails.
  func writeOneKey(_ operation: WriteOperation, at path: PlistPath, in domain: Domain)
    throws(PlistError) -> Bool
  {
    guard let key = path.components.first else { return false }
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
      let bytes = try? FileAccess.readRegularFile(path: target, maximumSize: limits.maximumSize),
      let slot = bytes.withUnsafeBufferPointer({ XMLCanonicalDomain($0)?.slot(of: key) })
    else { return false }
    var one = PlistDictionary()
    if let old = slot.old { one[key] = old }
    let before = one
    try operation.apply(to: &one, at: path)
    guard one.count == 1, let value = one[key] else { return false }
    if one == before { return true }
    let entry: [UInt8]
    do { entry = try XMLCanonicalDomain.entry(key, value) } catch { throw .encoding(error) }
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
      bytes.withUnsafeBufferPointer { all in
        out.append(UnsafeBufferPointer(rebasing: all[..<slot.replaced.lowerBound]))
        entry.withUnsafeBufferPointer { out.append($0) }
        out.append(UnsafeBufferPointer(rebasing: all[slot.replaced.upperBound...]))
      }
    }
  }
}

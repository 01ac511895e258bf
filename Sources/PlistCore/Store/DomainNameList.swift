/// The names of the domain files in a directory, gathered as bytes from one listing and
/// sorted in CoreFoundation's key order without making a string per comparison: `domains`
/// over 2,000 files spent 39 % of its instructions in a sort that retained and released two
/// strings per comparison, and most of the rest in an `lstat` per file.
struct DomainNameList {
  /// Every name's bytes, one after another.
  private var bytes: [UInt8] = []
  /// Where each name starts and ends in `bytes`.
  private var starts: [Int] = []
  private var ends: [Int] = []
  /// Names that are not ASCII, as the string rules found them (`hasSuffix`, `dropLast` by
  /// Characters), kept apart so that those rules decide them exactly as before.
  private var others: [String] = []

  /// The domains in `directory`: regular files and symbolic links named `<name><suffix>`,
  /// not starting with `.`.
  init(directory: String, suffix: String) throws(SystemError) {
    var suffixBytes = Array(suffix.utf8)
    try Platform.forEachEntry(in: directory) { name, kind in
      guard kind == .regular || kind == .symbolicLink else { return }
      add(name, suffix: &suffixBytes, originalSuffix: suffix)
    }
  }

  private mutating func add(
    _ name: UnsafeBufferPointer<UInt8>, suffix: inout [UInt8], originalSuffix: String
  ) {
    guard name.allSatisfy({ $0 < 0x80 }) && suffix.allSatisfy({ $0 < 0x80 }) else {
      let entry = String(decoding: name, as: UTF8.self)
      guard entry.hasSuffix(originalSuffix) && !entry.hasPrefix(".") else { return }
      let stem = String(entry.dropLast(originalSuffix.count))
      if !stem.isEmpty { others.append(stem) }
      return
    }
    let stemLength = name.count - suffix.count
    guard stemLength > 0, name[0] != 0x2E,
      suffix.withUnsafeBufferPointer({
        Platform.bytesEqual($0, UnsafeBufferPointer(rebasing: name[stemLength...]))
      })
    else { return }
    starts.append(bytes.count)
    bytes.append(contentsOf: name[..<stemLength])
    ends.append(bytes.count)
  }

  /// The names in key order.
  func sorted() -> [String] {
    var order = Array(starts.indices)
    bytes.withUnsafeBufferPointer { all in
      starts.withUnsafeBufferPointer { starts in
        ends.withUnsafeBufferPointer { ends in
          order.sort { a, b in
            Platform.compareBytes(
              UnsafeBufferPointer(rebasing: all[starts[a]..<ends[a]]),
              UnsafeBufferPointer(rebasing: all[starts[b]..<ends[b]])) < 0
          }
        }
      }
    }
    var names = order.map { String(decoding: bytes[starts[$0]..<ends[$0]], as: UTF8.self) }
    guard !others.isEmpty else { return names }
    names += others
    return names.sorted { KeyOrder.compare($0, $1) < 0 }
  }
}

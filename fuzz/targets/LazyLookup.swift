// The lazy-lookup target (PLIST_FUZZ_FORMAT=lazy): a look-up of one top-level key must give
// the answer and the error of a full read followed by a dictionary look-up, on any input.

/// Compares `PropertyList.lookUp(_:in:)` with a full read for a few keys: the root
/// dictionary's first and last key, and two that are likely missing.
func compareLookup(_ data: UnsafePointer<UInt8>, _ size: Int) {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard !bytes.isEmpty else { return }
  let full = Result { () throws(PlistParseError) in
    try PropertyList.decode(buffer: bytes, allowJSON: true).value
  }
  var keys = ["", "Key"]
  if case .success(.dictionary(let dictionary)) = full {
    keys += dictionary.keys.prefix(1) + dictionary.keys.suffix(1)
  }
  for key in keys {
    let lazy = Result { () throws(PlistParseError) in try PropertyList.lookUp(key, in: bytes) }
    if case .success(.needsFullRead) = lazy { continue }
    switch full {
    case .failure(let error):
      guard case .failure(let lazyError) = lazy, lazyError == error else {
        preconditionFailure("full read refused (\(error)), look-up of \(key) gave \(lazy)")
      }
    case .success(let value):
      guard case .success(let answer) = lazy else {
        preconditionFailure("full read accepted, look-up of \(key) gave \(lazy)")
      }
      precondition(answer == TopLevelLookup(key: key, in: value), "look-up of \(key): \(answer)")
    }
  }
}

/// The one-key write's side (also under PLIST_FUZZ_FORMAT=lazy): a file taken as canonical
/// must read in full, hold the same value for the key, and give, with the key set, exactly
/// the bytes the full write gives.
func compareOneKeyWrite(_ data: UnsafePointer<UInt8>, _ size: Int) {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let file = XMLCanonicalDomain(bytes) else { return }
  guard
    case .some(.dictionary(var dictionary)) = try? PropertyList.decode(
      buffer: bytes, allowJSON: true
    ).value
  else { preconditionFailure("a file taken as canonical does not read as a dictionary") }
  let keys = ["Key", "", "zzz"] + dictionary.keys.prefix(1) + dictionary.keys.suffix(1)
  for key in keys {
    let slot = file.slot(of: key)
    precondition(slot.old == dictionary[key], "the value of \(key)")
    let value = PlistValue.integer(7)
    guard let entry = try? XMLCanonicalDomain.entry(key, value) else { continue }
    let patched = XMLCanonicalDomain.patched(bytes, slot, entry)
    let saved = dictionary[key]
    dictionary[key] = value
    let full = try? PropertyList.encode(.dictionary(dictionary), as: .xml)
    precondition(full == patched, "setting \(key) gives other bytes than the full write")
    dictionary[key] = saved
  }
}

/// The binary one-key write's side (also under PLIST_FUZZ_FORMAT=lazy): a file taken as a
/// canonical binary domain must read in full, be the writer's bytes for what it reads as,
/// hold the same value for each key, and give, with a key set, exactly the bytes the full
/// write gives. Any input that reads as a dictionary is also written out by the writer and
/// checked so (that file must be taken): mutations rarely leave a file canonical.
func compareBinaryOneKeyWrite(_ data: UnsafePointer<UInt8>, _ size: Int) {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let value = try? PropertyList.decode(buffer: bytes, allowJSON: true).value
  if BinaryCanonicalDomain(bytes) != nil {
    guard case .dictionary(let dictionary)? = value else {
      preconditionFailure("a file taken as canonical binary does not read as a dictionary")
    }
    compareRewrites(bytes, dictionary)
  }
  guard case .dictionary(let dictionary)? = value,
    let written = try? PropertyList.encode(.dictionary(dictionary), as: .binary)
  else { return }
  written.withUnsafeBufferPointer { compareRewrites($0, dictionary) }
}

/// The checks of `compareBinaryOneKeyWrite` on a file that must be taken.
private func compareRewrites(_ bytes: UnsafeBufferPointer<UInt8>, _ read: PlistDictionary) {
  guard let file = BinaryCanonicalDomain(bytes) else {
    preconditionFailure("the writer's file of a dictionary of scalars is not taken")
  }
  var dictionary = read
  precondition(
    (try? PropertyList.encode(.dictionary(dictionary), as: .binary)).map {
      $0.elementsEqual(bytes)
    } == true, "a file taken as canonical binary is not the writer's bytes")
  let keys = ["Key", "", "zzz"] + dictionary.keys.prefix(1) + dictionary.keys.suffix(1)
  let values: [PlistValue] =
    [7, "Key", .data(PlistData([1])), .real(0.5)] + dictionary.values.prefix(1)
    + dictionary.values.suffix(1) + dictionary.keys.prefix(1).map { .string($0) }
  for key in keys {
    let old = file.value(ofKey: key)
    precondition(old?.found == (dictionary[key] != nil), "whether \(key) is there")
    precondition(old?.value == dictionary[key], "the value of \(key)")
    for value in values {
      guard var rewrite = file.rewrite(setting: key, to: value) else {
        // Only a container as the new value is left to the full write.
        precondition(value.type == .array || value.type == .dictionary, "\(value) left over")
        continue
      }
      let out = ByteOutput()
      rewrite.writeObjects(to: out)
      let saved = dictionary[key]
      dictionary[key] = value
      let full = try? PropertyList.encode(.dictionary(dictionary), as: .binary)
      precondition(full == out.finish(), "setting \(key) gives other bytes than the full write")
      dictionary[key] = saved
    }
  }
}

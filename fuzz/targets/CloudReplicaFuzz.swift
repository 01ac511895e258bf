// The cloud target (PLIST_FUZZ_FORMAT=cloud): another replica's file, hostile, through the
// reader and the merge. Whatever the bytes, nothing traps, and the merge keeps its promises.

/// The merging replica: a few values of its own (shown, so kept whatever the bounds) and an
/// old deletion.
private let fuzzOwn: ReplicaState = {
  var own = ReplicaState(replica: fuzzReplica("a"))
  own.clock = CloudTimestamp(wall: fuzzNow - 10_000)
  for (index, key) in ["m", "n"].enumerated() {
    own.entries[key] = CloudEntry(
      value: .integer(PlistInteger(index)), timestamp: CloudTimestamp(wall: fuzzNow - 20_000),
      replica: own.replica)
  }
  own.entries["gone"] = CloudEntry(
    value: nil, timestamp: CloudTimestamp(wall: fuzzNow - 30_000), replica: own.replica)
  return own
}()

private let fuzzNow: Int64 = 1_790_000_000_000
/// A small quota, so that a few entries reach every bound (16 entries, 800 bytes of values).
private let fuzzQuota = CloudQuota(maximumKeys: 2, maximumTotalBytes: 200, maximumKeyBytes: 8)

private func fuzzReplica(_ digit: Character) -> ReplicaID {
  guard let id = ReplicaID(String(repeating: digit, count: 32)) else {
    preconditionFailure("not a hex digit")
  }
  return id
}

/// The input as a replica's file, then a file of entries whose clocks the input picks among
/// extremes (once as they are, which the reader must refuse when out of bounds, once within
/// the bounds); merged in both orders, again, and written.
func fuzzCloudMerge(_ data: UnsafePointer<UInt8>, _ size: Int) {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var files: [ReplicaState] = []
  if let value = try? PropertyList.decode(bytes).value {
    _ = try? ReplicaState(value, source: "input")
    // The same file as another replica's, whoever it says it is.
    if case .dictionary(var root) = value {
      root["replica"] = .string(fuzzReplica("b").text)
      if let state = try? ReplicaState(.dictionary(root), source: "input") { files.append(state) }
    }
  }
  let raw = hostileFile(bytes, clamped: false)
  _ = try? ReplicaState(raw, source: "raw")
  guard let derived = try? ReplicaState(hostileFile(bytes, clamped: true), source: "derived")
  else { preconditionFailure("a file within the bounds is refused") }
  files.append(derived)
  let policy = fuzzPolicy(bytes.first ?? 0)
  let now = (bytes.last ?? 0) == 0xFF ? Int64.max : fuzzNow
  let one = CloudMerge.merge(fuzzOwn, with: files, now: now, policy: policy, quota: fuzzQuota)
  let other = CloudMerge.merge(
    fuzzOwn, with: files.reversed(), now: now, policy: policy, quota: fuzzQuota)
  precondition(one.state == other.state, "the merge depends on the order of the files")
  let again = CloudMerge.merge(one.state, with: files, now: now, policy: policy, quota: fuzzQuota)
  precondition(again.state == one.state, "merging the same files again changed the state")
  checkBounds(one.state, now: now)
}

/// The merged state within the bounds, its clock past every entry, a write after it later
/// still, and its file written and read back as it is.
private func checkBounds(_ state: ReplicaState, now: Int64) {
  let shown = fuzzQuota.visible(fuzzOwn.entries).values.count
  precondition(state.entries.count <= CloudMerge.maximumEntries(fuzzQuota) + shown, "too many")
  precondition(state.seen.count <= CloudMerge.maximumReplicas, "seen unbounded")
  var bytes = 0
  for (key, entry) in state.entries {
    precondition(entry.timestamp <= state.clock, "an entry after the clock")
    if entry.replica != fuzzOwn.replica {
      precondition(key.utf8.count <= fuzzQuota.maximumKeyBytes, "a key past the limit")
    }
    if let value = entry.value, fuzzOwn.entries[key] != entry {
      guard let cost = CloudFileCost.bytes(of: value, limit: .max) else {
        preconditionFailure("a value the file cannot hold")
      }
      bytes += cost
    }
  }
  precondition(bytes <= CloudMerge.maximumValueBytes(fuzzQuota), "values past the bound")
  let next = state.clock.tick(now: now)
  precondition(next.isWithinBounds, "the tick left the bounds")
  precondition(next > state.clock || state.clock == .maximum, "the tick did not move on")
  do {
    let file = try PropertyList.encode(state.propertyList, as: .xml)
    let read = try ReplicaState(PropertyList.decode(file).value, source: "own")
    precondition(read == state, "the merged state's file reads back otherwise")
  } catch {
    preconditionFailure("the merged state's file fails: \(error)")
  }
}

/// Skew and retention: the defaults, or extremes picked by a byte.
private func fuzzPolicy(_ byte: UInt8) -> CloudMerge.Policy {
  let extremes: [Int64] = [.min, -1, 0, 1, 3_600_000, .max]
  guard byte >= 0xC0 else { return CloudMerge.Policy() }
  return CloudMerge.Policy(
    maximumClockSkew: extremes[Int(byte) % extremes.count],
    tombstoneRetention: extremes[Int(byte >> 3) % extremes.count])
}

/// A replica's file (of replica `c`) with an entry per four input bytes: a key of one or
/// two letters, a clock among the extremes, a value (or a deletion) of a size the input picks.
private func hostileFile(_ bytes: [UInt8], clamped: Bool) -> PlistValue {
  let walls: [Int64] = [
    0, 1, fuzzNow - 1, fuzzNow, fuzzNow + 3_600_000, fuzzNow + 3_600_001,
    CloudTimestamp.maximumWall - 1, CloudTimestamp.maximumWall, .max, -1,
  ]
  let counters: [Int64] = [
    0, 1, CloudTimestamp.maximumCounter - 1, CloudTimestamp.maximumCounter, .max,
  ]
  func stamp(_ wall: Int64, _ counter: Int64) -> [(String, PlistValue)] {
    let stamp = CloudTimestamp(wall: wall, counter: counter)
    let kept = clamped && !stamp.isWithinBounds ? CloudTimestamp(wall: fuzzNow) : stamp
    return [
      ("time", .integer(PlistInteger(kept.wall))),
      ("counter", .integer(PlistInteger(kept.counter))),
    ]
  }
  var entries = PlistDictionary()
  var clock = (wall: Int64(0), counter: Int64(0))
  var index = 0
  while index + 4 <= bytes.count && entries.count < 24 {
    let (a, b, c, d) = (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
    index += 4
    let key =
      String(UnicodeScalar(0x61 + a % 26))
      + (b & 1 == 0 ? "" : String(repeating: "k", count: Int(b % 12)))
    let wall = walls[Int(c) % walls.count]
    let counter = counters[Int(c >> 4) % counters.count]
    if wall > clock.wall || (wall == clock.wall && counter > clock.counter) {
      clock = (wall, counter)
    }
    var fields = PlistDictionary(stamp(wall, counter))
    fields["replica"] = .string(fuzzReplica(d & 1 == 0 ? "c" : "d").text)
    if d & 6 != 0 {
      fields["value"] = .data(PlistData(Array(repeating: d, count: Int(d) * 2)))
    } else {
      fields["deleted"] = .boolean(true)
    }
    entries[key] = .dictionary(fields)
  }
  var root = PlistDictionary(stamp(clock.wall, clock.counter))
  root["format"] = 1
  root["replica"] = .string(fuzzReplica("c").text)
  root["seen"] = .dictionary([
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": .dictionary(PlistDictionary(stamp(clock.wall, 0)))
  ])
  root["entries"] = .dictionary(entries)
  return .dictionary(root)
}

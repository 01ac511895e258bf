/// Key lists of dictionaries already read, for the next dictionaries to share.
///
/// The dictionaries of one plist mostly repeat a few key lists (one per kind of record), so a
/// reader that finds a dictionary's keys here keeps one array for all of them instead of one
/// each, and skips creating the keys' strings and checking their order. Only lists already in
/// key order, without repeats, are kept, so a match is a valid `PlistDictionary` key list.
struct KeyListCache {
  private static let size = 8
  private var lists: [[String]] = []
  /// Where the next list goes once the cache is full (the oldest is replaced).
  private var next = 0

  /// The most recently kept list that starts with `key`.
  func list(startingWith key: String) -> [String]? {
    var index = lists.count - 1
    while index >= 0 {
      let offset = (next + index) % lists.count
      if lists[offset][0].hasSameUTF8(as: key) { return lists[offset] }
      index -= 1
    }
    return nil
  }

  /// Keeps a dictionary's keys; the caller has checked that they are strictly in key order.
  mutating func remember(_ keys: [String]) {
    guard keys.count > 1 else { return }
    if lists.count < Self.size {
      lists.append(keys)
    } else {
      lists[next] = keys
      next = (next + 1) % Self.size
    }
  }
}

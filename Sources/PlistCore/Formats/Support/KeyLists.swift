/// Key lists of dictionaries already read, for the dictionaries that follow to share.
///
/// The dictionaries of one plist mostly repeat a few key lists (one per kind of record). A
/// reader that recognises a dictionary's keys as one of these keeps one key array for all of
/// them instead of one each, and skips making the keys and checking their order. Only lists in
/// key order without repeats are kept, so a match is a valid `PlistDictionary` key list.
///
/// A list whose keys are all plain text (no `<` or `&`) also keeps its keys' XML elements,
/// `<key>…</key>` one after another, so that the XML walk can match a document's keys as bytes
/// without reading them (`match(first:)`, `match(_:of:in:)`). `Key` is what the reader keeps of
/// a key: a `String` for the tree, an interned id for the compact storage.
struct KeyLists<Key> {
  /// One remembered list.
  struct List {
    /// The keys, in key order.
    let keys: [Key]
    /// The keys' elements one after another; empty unless every key is plain text.
    let markup: [UInt8]
    /// Where each key's element ends in `markup`.
    let markupEnds: [Int]
  }

  /// How many lists are kept: the most recent ones.
  private static var size: Int { 8 }
  /// The most keys a kept list has.
  private static var longestKept: Int { 1024 }
  /// The lists, the most recent last.
  private(set) var lists: [List] = []

  /// Keeps a dictionary's keys, which the caller found strictly in key order, with their
  /// elements when `text` gives each key's plain text.
  ///
  /// - Parameters:
  ///   - keys: The keys, in key order, more than one.
  ///   - unmatchable: Whether to keep a list without markup all the same (for what else the
  ///     reader does with its lists).
  ///   - text: The text of the key at an index, as UTF-8, or nil for a key that cannot be
  ///     matched as bytes (one that is not ASCII, for a reader whose keys are UTF-16).
  mutating func remember(
    _ keys: [Key], evenUnmatchable unmatchable: Bool = false, text: (Int) -> [UInt8]?
  ) {
    // Records repeat; a dictionary of thousands of keys (a domain's root) does not, and its
    // markup cost a tenth of reading it.
    guard keys.count > 1, keys.count <= Self.longestKept else { return }
    var markup: [UInt8] = []
    var ends: [Int] = []
    ends.reserveCapacity(keys.count)
    for index in keys.indices {
      guard let text = text(index), !text.contains(UInt8(ascii: "<")),
        !text.contains(UInt8(ascii: "&"))
      else {
        guard unmatchable else { return }
        markup = []
        ends = []
        break
      }
      markup.append(contentsOf: "<key>".utf8)
      markup.append(contentsOf: text)
      markup.append(contentsOf: "</key>".utf8)
      ends.append(markup.count)
    }
    if lists.count == Self.size { lists.removeFirst() }
    lists.append(List(keys: keys, markup: markup, markupEnds: ends))
  }

  /// The most recent list that starts with `key` (compared by `isFirst`).
  func list(startingWith isFirst: (Key) -> Bool) -> List? {
    lists.last { isFirst($0.keys[0]) }
  }

  /// The key whose element starts `text`, when it is key `index` of a remembered list that
  /// the dictionary's keys so far have all matched (`list`, set by the first key), and the
  /// element's length; nil to have it read.
  @inline(__always)
  func knownKey(at text: UnsafeBufferPointer<UInt8>, index: Int, list: inout List?)
    -> (key: Key, length: Int)?
  {
    if index == 0 {
      guard let first = match(first: text) else { return nil }
      list = first.list
      return (first.list.keys[0], first.length)
    }
    guard let current = list, let length = current.match(index, in: text) else { return nil }
    return (current.keys[index], length)
  }

  /// The most recent list with markup whose first key's element starts `text`, and the
  /// element's length.
  @inline(__always)
  func match(first text: UnsafeBufferPointer<UInt8>) -> (list: List, length: Int)? {
    var index = lists.count - 1
    while index >= 0 {
      if let length = lists[index].match(0, in: text) { return (lists[index], length) }
      index -= 1
    }
    return nil
  }
}

extension KeyLists.List {
  /// The length of the element of key `index` when it starts `text`; nil when it does not,
  /// or the list is shorter, or has no markup.
  @inline(__always)
  func match(_ index: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard index < markupEnds.count, let origin = text.baseAddress else { return nil }
    let start = index == 0 ? 0 : markupEnds[index - 1]
    let count = markupEnds[index] - start
    guard count <= text.count else { return nil }
    // Each element is at least `<key></key>`, eleven bytes, as `equalBytes` needs.
    let equal = markup.withUnsafeBytes { markup in
      markup.baseAddress.map { ASCII.equalBytes(origin, $0 + start, count: count) } ?? false
    }
    return equal ? count : nil
  }
}

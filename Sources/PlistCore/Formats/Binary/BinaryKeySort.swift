/// The sort of a dictionary's keys for the key-order walk (`BinaryKeyOrderWalk`): stable, by
/// `BinaryKey.compare` (UTF-16 units compared as numbers), the order the writers write a
/// tree's keys in.
///
/// A large dictionary's keys are sorted by a radix sort of their first four units, then of
/// the next four for keys alike in those, and so on; keys alike in sixteen units are compared
/// in full. A radix sort takes no branch on how two keys compare, which a merge sort of random
/// keys guesses wrong about half the time: converting the hard mix (a root of 71,921 keys) to
/// XML spent a fifth of its time in the merge sort and spends a tenth in this one. (The
/// library's sort calls its comparison through a closure and moved 64-byte keys: 1,300
/// instructions a key.)
enum BinaryKeySort {
  /// Sorts `keys` in place.
  static func sort(_ keys: UnsafeMutableBufferPointer<BinaryKey>) {
    guard keys.count > smallest else { return insertionSort(keys) { $0.compare($1) } }
    let order = UnsafeMutableBufferPointer<SortKey>.allocate(capacity: keys.count)
    let spare = UnsafeMutableBufferPointer<SortKey>.allocate(capacity: keys.count)
    defer {
      order.deallocate()
      spare.deallocate()
    }
    for index in keys.indices {
      order[index] = SortKey(units: keys[index].prefix, index: index)
    }
    sortRun(0..<keys.count, from: 0, order, spare, keys)
    permute(keys, to: order)
  }

  /// Runs of at most this many keys are sorted by insertion: most dictionaries are small.
  private static let smallest = 16

  /// A key's place in the sort, and the four units of it being sorted by, high first.
  private struct SortKey {
    var units: UInt64
    var index: Int
  }

  /// Sorts `order[run]`, whose keys are alike in their first `known` units and in file order,
  /// by the rest of their units.
  private static func sortRun(
    _ run: Range<Int>, from known: Int, _ order: UnsafeMutableBufferPointer<SortKey>,
    _ spare: UnsafeMutableBufferPointer<SortKey>, _ keys: UnsafeMutableBufferPointer<BinaryKey>
  ) {
    let full = { (a: SortKey, b: SortKey) -> Int in
      keys[a.index].text.compare(keys[b.index].text, known: known)
    }
    // A key's whole text, compared once sixteen units are alike (the radix sort's cost is
    // per unit, a comparison's per key, and a long shared start, as in a file of reverse-DNS
    // keys, is compared faster by `memcmp`).
    guard run.count > smallest, known < 16 else {
      return mergeSort(run, order, spare, by: full)
    }
    // The first four units are the key's prefix, already read.
    if known > 0 {
      for slot in run { order[slot].units = keys[order[slot].index].text.units(known) }
    }
    radixSort(run, order, spare)
    // Keys alike in these four units, still in file order, by the units after them.
    var low = run.lowerBound
    while low < run.upperBound {
      var high = low + 1
      while high < run.upperBound, order[high].units == order[low].units { high += 1 }
      if high - low > 1 { sortRun(low..<high, from: known + 4, order, spare, keys) }
      low = high
    }
  }

  /// Sorts `order[run]` by its four units, stably: a byte at a time, the least significant
  /// first, each byte's keys counted first. A byte all the keys share is skipped: ASCII
  /// units' high bytes, a short key's padding.
  private static func radixSort(
    _ run: Range<Int>, _ order: UnsafeMutableBufferPointer<SortKey>,
    _ spare: UnsafeMutableBufferPointer<SortKey>
  ) {
    @inline(__always) func byte(_ key: SortKey, _ position: Int) -> Int {
      Int(truncatingIfNeeded: key.units >> UInt64(8 * position)) & 0xFF
    }
    // On the heap: in `withUnsafeTemporaryAllocation`, the release build (Swift 6.3.1) cleared
    // 12 MB at a wrong address here and crashed.
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8 * 256)
    defer { counts.deallocate() }
    counts.initialize(repeating: 0)
    for slot in run {
      for position in 0..<8 { counts[position << 8 | byte(order[slot], position)] += 1 }
    }
    var (from, to) = (order, spare)
    for position in 0..<8 {
      let firstSlot = UnsafeMutableBufferPointer(
        rebasing: counts[position << 8..<(position + 1) << 8])
      if firstSlot[byte(from[run.lowerBound], position)] == run.count { continue }
      var slot = run.lowerBound
      for value in 0..<256 {
        (firstSlot[value], slot) = (slot, slot + firstSlot[value])
      }
      for index in run {
        let key = from[index]
        let value = byte(key, position)
        to[firstSlot[value]] = key
        firstSlot[value] += 1
      }
      swap(&from, &to)
    }
    if from.baseAddress != order.baseAddress { copy(run, of: from, to: order, at: run.lowerBound) }
  }

  /// Sorts `order[run]`, in file order, stably by `compare`, merging runs of 1, 2, 4, …
  /// from one buffer into the other.
  private static func mergeSort(
    _ run: Range<Int>, _ order: UnsafeMutableBufferPointer<SortKey>,
    _ spare: UnsafeMutableBufferPointer<SortKey>, by compare: (SortKey, SortKey) -> Int
  ) {
    guard run.count > smallest else {
      return insertionSort(UnsafeMutableBufferPointer(rebasing: order[run]), by: compare)
    }
    var (from, to) = (order, spare)
    var width = 1
    while width < run.count {
      var low = run.lowerBound
      while low < run.upperBound {
        let middle = min(low + width, run.upperBound)
        let high = min(low + 2 * width, run.upperBound)
        var (i, j, k) = (low, middle, low)
        while i < middle && j < high {
          // Equal keys keep their order: the first run's first.
          if compare(from[j], from[i]) < 0 {
            to[k] = from[j]
            j += 1
          } else {
            to[k] = from[i]
            i += 1
          }
          k += 1
        }
        copy(i..<middle, of: from, to: to, at: k)
        copy(j..<high, of: from, to: to, at: k + middle - i)
        low = high
      }
      swap(&from, &to)
      width *= 2
    }
    if from.baseAddress != order.baseAddress { copy(run, of: from, to: order, at: run.lowerBound) }
  }

  /// Sorts `items` stably by insertion: no item is moved that need not be.
  @inline(__always)
  private static func insertionSort<Item>(
    _ items: UnsafeMutableBufferPointer<Item>, by compare: (Item, Item) -> Int
  ) {
    for index in items.indices.dropFirst() {
      let item = items[index]
      var slot = index
      while slot > 0, compare(items[slot - 1], item) > 0 {
        items[slot] = items[slot - 1]
        slot -= 1
      }
      items[slot] = item
    }
  }

  /// Copies `source[range]` to `target` from `start` on.
  @inline(__always)
  private static func copy(
    _ range: Range<Int>, of source: UnsafeMutableBufferPointer<SortKey>,
    to target: UnsafeMutableBufferPointer<SortKey>, at start: Int
  ) {
    (target.baseAddress.unsafelyUnwrapped + start).update(
      from: source.baseAddress.unsafelyUnwrapped + range.lowerBound, count: range.count)
  }

  /// Moves each key to its place in `order`, a cycle of the permutation at a time (a sorted
  /// copy of the keys was 4.6 MB of the peak with the hard mix's root).
  private static func permute(
    _ keys: UnsafeMutableBufferPointer<BinaryKey>, to order: UnsafeMutableBufferPointer<SortKey>
  ) {
    for start in order.indices where order[start].index != start && order[start].index >= 0 {
      let first = keys[start]
      var slot = start
      while true {
        let from = order[slot].index
        order[slot].index = -1  // placed
        if from == start { break }
        keys[slot] = keys[from]
        slot = from
      }
      keys[slot] = first
    }
  }
}

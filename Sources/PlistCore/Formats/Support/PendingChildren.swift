/// The children of the containers a reader has open, innermost last, in one buffer.
///
/// A container's children are collected here while it is read and then moved out into an
/// array of exactly their number: one allocation per container, where appending to an array of
/// its own would reallocate at every doubling and leave up to half of the last one unused.
final class PendingChildren<Element> {
  private var storage: UnsafeMutablePointer<Element>
  private var capacity = 64
  /// How many elements the open containers hold together.
  private(set) var count = 0

  init() { storage = .allocate(capacity: capacity) }

  deinit {
    storage.deinitialize(count: count)
    storage.deallocate()
  }

  @inline(__always)
  func append(_ element: Element) {
    if count == capacity { grow() }
    (storage + count).initialize(to: element)
    count += 1
  }

  /// Moves the elements from `start` on into a new array, leaving the first `start`.
  func removeArray(from start: Int) -> [Element] {
    let n = count - start
    guard n > 0 else { return [] }
    count = start
    return [Element](unsafeUninitializedCapacity: n) { buffer, initialized in
      guard let target = buffer.baseAddress else { return }  // never nil for n > 0
      target.moveInitialize(from: storage + start, count: n)
      initialized = n
    }
  }

  private func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: storage, count: count)
    storage.deallocate()
    storage = larger
    capacity *= 2
  }
}

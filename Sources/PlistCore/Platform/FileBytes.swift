/// A file's bytes in memory of their own (`Platform.readRegularFileBytes`), not in an array.
/// A class, so that it is freed once, when the last reference goes.
final class FileBytes {
  /// The allocated memory; the first `count` bytes are the file's.
  let storage: UnsafeMutableBufferPointer<UInt8>
  /// How many bytes were read.
  var count = 0
  /// The file's identity when it was opened, before its bytes were read: a file that has it
  /// still has not changed since (`DomainStore.settledRead`).
  var identity: FileIdentity?

  init(capacity: Int) {
    storage = .allocate(capacity: capacity)
  }

  convenience init(copying bytes: [UInt8]) {
    self.init(capacity: bytes.count)
    count = storage.initialize(fromContentsOf: bytes)
  }

  deinit { storage.deallocate() }

  /// `body` over the bytes read (a method, so that this object lives while it runs).
  func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    try body(UnsafeBufferPointer(rebasing: storage[..<count]))
  }
}

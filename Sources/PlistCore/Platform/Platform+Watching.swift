#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("Unsupported platform")
#endif

// MARK: - Change notification (inotify: Linux only)

#if os(Linux)
  extension Platform {

    /// A new inotify instance.
    static func makeWatcher() throws(SystemError) -> Int32 {
      let fd = inotify_init1(Int32(IN_CLOEXEC))
      guard fd >= 0 else { throw SystemError(operation: .watch, path: "inotify") }
      return fd
    }

    /// Watches a directory for files written, renamed in or out, created and deleted.
    static func watchDirectory(_ watcher: Int32, _ path: String) throws(SystemError) {
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
      guard inotify_add_watch(watcher, path, mask) >= 0 else {
        throw SystemError(operation: .watch, path: path)
      }
    }

    /// Waits for events and returns the names of the files they concern.
    static func nextChangedNames(_ watcher: Int32) throws(SystemError) -> [String] {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      var length = 0
      repeat {
        length = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
      } while length < 0 && Errno.current == .interrupted
      guard length > 0 else { throw SystemError(operation: .watch, path: "inotify") }
      var names: [String] = []
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= length {
        let nameLength = buffer.withUnsafeBytes {
          Int($0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self).len)
        }
        let name = buffer[(offset + header)..<min(length, offset + header + nameLength)]
        names.append(String(decoding: name.prefix { $0 != 0 }, as: UTF8.self))
        offset += header + nameLength
      }
      return names
    }
  }
#endif

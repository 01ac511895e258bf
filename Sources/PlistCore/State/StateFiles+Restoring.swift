/// The mark of a restoration in progress: a file in the app's directory that each restoring
/// process holds a shared lock on until its elements have decoded their state. A mark that
/// nobody holds means the process restoring last died doing it — a crash at launch, perhaps
/// caused by the archive itself — so the archive is discarded: a bad archive can crash an
/// app once, never twice. (The kernel drops a dead process's locks; the file stays.)
struct RestoringMark {
  fileprivate let fd: Int32
}

extension StateFiles {
  /// What `beginRestoring` found.
  enum RestoringStart {
    /// The restoration may go ahead, marked.
    case marked(RestoringMark)
    /// The last restoration died; its archive was removed.
    case diedLastTime
  }

  /// Marks a restoration as begun, under the directory's lock (so two instances starting
  /// together cannot take each other's fresh mark for a dead one). The directory exists.
  func beginRestoring() throws(StateError) -> RestoringStart {
    try locked { () throws(StateError) in
      let opened: (fd: Int32, existed: Bool)
      do throws(SystemError) { opened = try Platform.openLockFile(markPath) } catch {
        throw .file(.system(error))
      }
      if opened.existed && Platform.tryLock(opened.fd, exclusive: true) {
        // There, and nobody restoring: whoever made it died before finishing.
        defer { Platform.closeQuietly(opened.fd) }
        do throws(SystemError) {
          try Platform.removeFile(atPath: archivePath)
          try Platform.removeFile(atPath: markPath)
        } catch {
          throw .file(.system(error))
        }
        return .diedLastTime
      }
      // Only an exclusive holder (a process discarding, under the directory lock we hold)
      // could refuse a shared lock.
      _ = Platform.tryLock(opened.fd, exclusive: false)
      return .marked(RestoringMark(fd: opened.fd))
    }
  }

  /// Ends a restoration: the mark is removed unless another instance is restoring too (it
  /// removes it when it ends) — and only if it is still this one's file, not a newer mark
  /// made after this one was removed (`state clear`). Under the directory's lock when it can
  /// be had; without it otherwise (a holder stopped mid-write must not leave a mark that
  /// would throw a good archive away at the next launch).
  func endRestoring(_ mark: RestoringMark) {
    let end = {
      if Platform.tryLock(mark.fd, exclusive: true),
        Platform.isSameFile(mark.fd, atPath: markPath)
      {
        try? Platform.removeFile(atPath: markPath)
      }
    }
    do throws(StateError) { try locked(end) } catch { end() }
    Platform.closeQuietly(mark.fd)
  }

  /// Removes the mark if nobody holds it (a restoration under way keeps its mark).
  func removeUnheldMark() {
    guard let fd = Platform.openExisting(markPath) else { return }
    defer { Platform.closeQuietly(fd) }
    if Platform.tryLock(fd, exclusive: true) && Platform.isSameFile(fd, atPath: markPath) {
      try? Platform.removeFile(atPath: markPath)
    }
  }
}

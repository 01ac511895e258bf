import Foundation

/// Whether `body` writes into descriptors it does not own: files opened just before it take
/// the lowest free descriptor numbers, those a closed pipe or watch had, and are checked for
/// bytes afterwards. For code that signals a descriptor after closing it.
///
/// - Parameters:
///   - directory: Where the files are made.
///   - body: What may write where it should not.
/// - Returns: Whether any of the files got a byte.
public func writesStrayBytes(in directory: TemporaryDirectory, _ body: () -> Void) -> Bool {
  let paths = (0..<8).map { directory.path("stray-\($0)") }
  let descriptors = paths.map { open($0, O_RDWR | O_CREAT | O_TRUNC, 0o600) }
  body()
  for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
  return paths.contains { path in
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0
  }
}

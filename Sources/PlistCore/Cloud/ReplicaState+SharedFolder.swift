extension ReplicaState {
  /// Reads a replica's file from the folder the engine fills, without following a link and
  /// within `maximumFileSize`.
  ///
  /// - Parameters:
  ///   - folder: The replicas' folder.
  ///   - name: The file's name in it.
  ///   - replica: Whose it must be.
  /// - Returns: The state, or nil when there is no file.
  /// - Throws: `PlistError` when it cannot be read or parsed, is a link or too large, or is
  ///   not that replica's file.
  static func load(from folder: borrowing SharedFolder, name: String, of replica: ReplicaID)
    throws(PlistError) -> ReplicaState?
  {
    let path = folder.path + "/" + name
    let contents: Platform.FileContents<[UInt8]>?
    do { contents = try folder.read(name, limit: maximumFileSize) } catch {
      throw .system(error)
    }
    switch contents {
    case nil: return nil
    case .notRegular?: throw .notARegularFile(path: path)
    case .tooLarge?: throw .inputTooLarge(source: path, limit: maximumFileSize)
    case .bytes(let bytes)?:
      let state = try ReplicaState(FileAccess.decode(bytes, source: path).value, source: path)
      guard state.replica == replica else {
        throw .invalidCloudFile(path: path, .wrongReplica(state.replica))
      }
      return state
    }
  }
}

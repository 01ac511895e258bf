// MARK: - The remote branch's tree: read from git's objects, never checked out

/// A file of the remote branch's tree, as `git ls-tree -r -l -z` lists it.
struct GitTreeEntry: Equatable {
  /// `100644`, `100755`, `120000` (a link), `160000` (a submodule's commit).
  let mode: String
  /// `blob` or `commit`.
  let type: String
  /// The object's name.
  let object: String
  /// Bytes, for a blob.
  let size: Int?
  /// The path from the tree's top, as git holds it (any bytes but NUL).
  let path: String

  /// Parses `ls-tree -r -l -z` output; a record of another form is skipped (git's own output,
  /// it never has one).
  static func listing(_ output: [UInt8]) -> [GitTreeEntry] {
    output.split(separator: 0).compactMap { record in
      guard let tab = record.firstIndex(of: 0x09) else { return nil }
      let fields = record[..<tab].split(separator: 0x20).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard fields.count == 4 else { return nil }
      return GitTreeEntry(
        mode: fields[0], type: fields[1], object: fields[2], size: Int(fields[3]),
        path: String(decoding: record[record.index(after: tab)...], as: UTF8.self))
    }
  }
}

/// The remote branch's tree sorted into what a store holds and what it never does.
struct GitStoreTree {
  /// Replicas' files (and anything else a sync tool could put in `replicas/`), by name.
  var replicas: [String: GitTreeEntry] = [:]
  /// Files at the top (a README a person added), by name.
  var topFiles: [String: GitTreeEntry] = [:]
  /// What a store's tree never holds, with why: left out of this machine's next commit.
  var outside: [CloudFolderEntry] = []

  /// Sorts `entries`: a store's shape is plain files (no link, no submodule), each at most
  /// `ReplicaState.maximumFileSize`, at the top or in `replicas/`, none of them git's own
  /// (`.git…`) or named as this machine's temporary files.
  init(_ entries: [GitTreeEntry]) {
    for entry in entries {
      let components = entry.path.split(separator: "/", omittingEmptySubsequences: false)
      guard entry.type == "blob", entry.mode == "100644" || entry.mode == "100755" else {
        outside.append(Self.note(entry, "not a file"))
        continue
      }
      guard let size = entry.size, size <= ReplicaState.maximumFileSize else {
        outside.append(Self.note(entry, "larger than a replica's file can be"))
        continue
      }
      let name = String(components.last ?? "")
      let inReplicas = components.count == 2 && components[0] == "replicas"
      guard
        (components.count == 1 && name != "replicas") || inReplicas,
        !name.isEmpty, name != ".", name != "..", !name.lowercased().hasPrefix(".git"),
        !name.hasPrefix(GitTransport.temporaryPrefix)
      else {
        outside.append(Self.note(entry, "outside a store's shape"))
        continue
      }
      if inReplicas { replicas[name] = entry } else { topFiles[name] = entry }
    }
  }

  private static func note(_ entry: GitTreeEntry, _ why: String) -> CloudFolderEntry {
    CloudFolderEntry(name: entry.path, kind: .notBrought(why + ": left out of the next commit"))
  }

  /// The replicas' files a sync takes in, and those it does not: this replica's own file
  /// first, then the smallest, within `GitTransport.maximumTreeEntries` files and
  /// `maximumTreeBytes` bytes (so that no push can make a sync read or write more; honest
  /// replicas' files are small, and so taken before a vandal's large ones).
  func taken(own name: String) -> (taken: [GitTreeEntry], left: [CloudFolderEntry]) {
    let ordered = replicas.sorted { a, b in
      if (a.key == name) != (b.key == name) { return a.key == name }
      return (a.value.size ?? 0, a.key) < (b.value.size ?? 0, b.key)
    }
    var taken: [GitTreeEntry] = []
    var left: [CloudFolderEntry] = []
    var bytes = 0
    for (key, entry) in ordered {
      let size = entry.size ?? 0
      if taken.count < GitTransport.maximumTreeEntries,
        bytes + size <= GitTransport.maximumTreeBytes
      {
        taken.append(entry)
        bytes += size
      } else {
        left.append(
          CloudFolderEntry(
            name: key,
            kind: .notBrought(
              "past the most a sync takes in (\(GitTransport.maximumTreeEntries) files, "
                + "\(GitTransport.maximumTreeBytes) bytes)")))
      }
    }
    return (taken, left)
  }
}

extension GitTransport {
  /// The most a sync takes in from the remote's `replicas/`: files, bytes in all. (A
  /// store's tree is one file per replica, each far below `ReplicaState.maximumFileSize`.)
  static let maximumTreeEntries = 2 * CloudMerge.maximumReplicas
  static let maximumTreeBytes = 64 << 20
  /// What this machine's temporary files in the snapshot start with.
  static let temporaryPrefix = ".plistctl-"

  /// The remote branch's commit and its tree sorted, or nil when it has no branch.
  func remoteTree(lock: Int32) throws(PlistError) -> (commit: String, tree: GitStoreTree)? {
    let commit = try run(["rev-parse", "-q", "--verify", remoteBranch + "^{commit}"], lock: lock)
    guard commit.status == 0 else { return nil }
    let listed = try run(["ls-tree", "-r", "-l", "-z", "--full-tree", remoteBranch], lock: lock)
    guard listed.status == 0 else {
      throw .cloudEngineFailed(
        command: "git ls-tree", status: listed.status, message: listed.lastErrorLine)
    }
    let name = String(decoding: commit.output, as: UTF8.self).split(whereSeparator: \.isNewline)
    return (name.first.map(String.init) ?? "", GitStoreTree(GitTreeEntry.listing(listed.output)))
  }

  /// Makes `replicasDirectory` hold exactly `entries`' contents, read from git's objects in
  /// one `cat-file --batch`. It is this machine's own folder, never git's work tree: a
  /// cache the merge reads, which git does not touch and whose names are checked ones.
  func snapshot(_ entries: [GitTreeEntry], lock: Int32) throws(PlistError) {
    let directory = replicasDirectory
    if Platform.kind(atPath: directory) != .directory {
      // An older plistctl's checkout may have left a file (a link checked out as one).
      _ = try? Platform.removeTree(directory)
      do { try Platform.makeDirectories(directory, mode: 0o755) } catch { throw .system(error) }
    }
    let contents = try blobs(entries.map(\.object), lock: lock)
    do {
      let folder = try SharedFolder(path: directory)
      let wanted = Set(entries.map { String($0.path.dropFirst("replicas/".count)) })
      for name in try folder.names() where !wanted.contains(name) {
        if Platform.kind(atPath: directory + "/" + name) == .directory {
          try Platform.removeTree(directory + "/" + name)
        } else {
          try folder.remove(name)
        }
      }
      for (entry, bytes) in zip(entries, contents) {
        let name = String(entry.path.dropFirst("replicas/".count))
        if Platform.kind(atPath: directory + "/" + name) == .directory {
          try Platform.removeTree(directory + "/" + name)
        }
        // A cache: made again from git's objects, so not flushed to the disk.
        try folder.replaceIfDifferent(
          name, with: bytes, temporaryName: Self.temporaryPrefix + name + ".tmp", mode: 0o644,
          flushing: false)
      }
    } catch {
      throw .system(error)
    }
  }

  /// The contents of blobs, in order, from one `git cat-file --batch`.
  private func blobs(_ objects: [String], lock: Int32) throws(PlistError) -> [[UInt8]] {
    guard !objects.isEmpty else { return [] }
    var options = runOptions(lock: lock)
    options.input = Array(objects.joined(separator: "\n").utf8) + [0x0A]
    options.outputLimit = Self.maximumTreeBytes + 128 * objects.count
    let result = try run(["cat-file", "--batch"], options: options)
    let failed = PlistError.cloudEngineFailed(
      command: "git cat-file", status: result.status, message: result.lastErrorLine)
    guard result.status == 0 else { throw failed }
    // Each is `<name> blob <size>\n<bytes>\n`.
    var contents: [[UInt8]] = []
    var at = result.output.startIndex
    for _ in objects {
      guard let newline = result.output[at...].firstIndex(of: 0x0A) else { throw failed }
      let header = result.output[at..<newline].split(separator: 0x20)
      guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)),
        size >= 0, newline + 1 + size < result.output.endIndex
      else { throw failed }
      contents.append(Array(result.output[(newline + 1)..<(newline + 1 + size)]))
      at = newline + 2 + size
    }
    return contents
  }

  /// The commit that puts `contents` as this replica's file `name` on top of the remote
  /// branch (`parent`, nil when it has none), keeping the replicas' files and top files of
  /// `tree` that are still wanted (`kept`) and leaving out whatever a store never holds: an
  /// honest machine's commit repairs a vandalised tree. Nil when it would change nothing.
  func commit(
    _ contents: [UInt8], as name: String, over tree: GitStoreTree, keeping kept: Set<String>,
    parent: String?, lock: Int32
  ) throws(PlistError) -> String? {
    let own = try objectName(["hash-object", "-w", "--stdin"], input: contents, lock: lock)
    var replicas = tree.replicas.filter { kept.contains($0.key) }
    let unchanged =
      parent != nil && tree.outside.isEmpty && replicas.count == tree.replicas.count
      && tree.replicas[name]?.object == own
    if unchanged { return nil }
    replicas[name] = GitTreeEntry(
      mode: "100644", type: "blob", object: own, size: contents.count, path: "replicas/" + name)
    let replicasTree = try objectName(
      ["mktree", "-z"], input: Self.treeInput(Array(replicas.values)), lock: lock)
    let folder = GitTreeEntry(
      mode: "040000", type: "tree", object: replicasTree, size: nil, path: "replicas")
    let root = try objectName(
      ["mktree", "-z"], input: Self.treeInput(Array(tree.topFiles.values) + [folder]), lock: lock)
    let replica = String(name.dropLast(".plist".count).prefix(32))
    return try objectName(
      [
        "-c", "user.email=\(replica)@replica.plistctl.invalid", "commit-tree", root,
        "-m", "Replica \(replica)",
      ] + (parent.map { ["-p", $0] } ?? []), input: [], lock: lock)
  }

  /// `mktree -z` input: `<mode> <type> <object>\t<name>` for each entry, NUL-ended.
  private static func treeInput(_ entries: [GitTreeEntry]) -> [UInt8] {
    var bytes: [UInt8] = []
    for entry in entries {
      let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
      bytes += Array("\(entry.mode) \(entry.type) \(entry.object)\t\(name)".utf8) + [0]
    }
    return bytes
  }

  /// Runs a git command that prints one object's name, given `input`.
  private func objectName(_ arguments: [String], input: [UInt8], lock: Int32)
    throws(PlistError) -> String
  {
    var options = runOptions(lock: lock)
    options.input = input
    let result = try run(arguments, options: options)
    let name = String(decoding: result.output, as: UTF8.self).split(whereSeparator: \.isNewline)
      .first.map(String.init)
    guard result.status == 0, let name, !name.isEmpty else {
      let command = "git " + (arguments.first { !$0.hasPrefix("-") && !$0.contains("=") } ?? "")
      throw .cloudEngineFailed(
        command: command, status: result.status, message: result.lastErrorLine)
    }
    return name
  }
}

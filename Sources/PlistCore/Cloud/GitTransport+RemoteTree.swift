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

  /// Whether the path was valid UTF-8 (a path that was not is held with U+FFFD in place of
  /// its bad bytes, so it cannot be named again as it was).
  var isUTF8 = true

  /// Parses `ls-tree -r -l -z` output; a record of another form is skipped (git's own output,
  /// it never has one), and so is a last record without its NUL (output cut at a limit).
  static func listing(_ output: [UInt8]) -> [GitTreeEntry] {
    let complete = output.lastIndex(of: 0).map { output[...$0] } ?? []
    return complete.split(separator: 0).compactMap { record in
      guard let tab = record.firstIndex(of: 0x09) else { return nil }
      let fields = record[..<tab].split(separator: 0x20).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard fields.count == 4 else { return nil }
      let path = record[record.index(after: tab)...]
      return GitTreeEntry(
        mode: fields[0], type: fields[1], object: fields[2], size: Int(fields[3]),
        path: String(decoding: path, as: UTF8.self),
        isUTF8: String(validating: path, as: UTF8.self) != nil)
    }
  }
}

/// The remote branch's tree sorted into what a store holds and what it never does.
struct GitStoreTree {
  /// Replicas' files and sync tools' conflict copies of them, by name.
  var replicas: [String: GitTreeEntry] = [:]
  /// What a store's tree never holds, with why: left out of this machine's next commit.
  var outside: [CloudFolderEntry] = []

  /// Sorts `entries`. A store's shape is `replicas/` holding replicas' files
  /// (`<replica id>.plist`) and conflict copies of them: plain files (no link, no
  /// submodule), each at most `ReplicaState.maximumFileSize`, each name once and in UTF-8.
  /// Anything else — a file at the top, a folder, junk in `replicas/` — another machine put
  /// there, and the next commit of this machine's leaves it out.
  init(_ entries: [GitTreeEntry]) {
    for entry in entries {
      let components = entry.path.split(separator: "/", omittingEmptySubsequences: false)
      guard components.count == 2, components[0] == "replicas" else {
        outside.append(Self.note(entry.path, "outside a store's shape"))
        continue
      }
      guard entry.type == "blob", entry.mode == "100644" || entry.mode == "100755" else {
        outside.append(Self.note(entry.path, "not a file"))
        continue
      }
      guard let size = entry.size, size <= ReplicaState.maximumFileSize else {
        outside.append(Self.note(entry.path, "larger than a replica's file can be"))
        continue
      }
      let name = String(components[1])
      let kind = CloudFolderEntry(name: name)
      let isReplicas: Bool
      switch kind.kind {
      case .replica: isReplicas = true
      case .conflictCopy: isReplicas = kind.copiedReplica != nil
      default: isReplicas = false
      }
      guard isReplicas, entry.isUTF8 else {
        outside.append(Self.note(entry.path, "not a replica's file"))
        continue
      }
      guard replicas[name] == nil else {
        // A tree that names a file twice (made by hand: git never does): neither is trusted
        // to be the one git finds first, and the next commit names it once.
        outside.append(Self.note(entry.path, "named twice"))
        continue
      }
      replicas[name] = entry
    }
  }

  static func note(_ path: String, _ why: String) -> CloudFolderEntry {
    CloudFolderEntry(name: path, kind: .notBrought(why + ": left out of the next commit"))
  }

  /// The replicas' files a sync takes in, and those it does not: this replica's own file
  /// first, then the other replicas' files, smallest first, then conflict copies, within
  /// `GitTransport.maximumTreeEntries` files and `maximumTreeBytes` bytes (so that no push
  /// can make a sync read or write more; honest replicas' files are small, and so taken
  /// before a vandal's large ones). What is not taken is not in the next commit either.
  func taken(own name: String) -> (taken: [GitTreeEntry], left: [CloudFolderEntry]) {
    func rank(_ key: String) -> Int {
      if key == name { return 0 }
      if case .replica = CloudFolderEntry(name: key).kind { return 1 }
      return 2
    }
    let ordered = replicas.sorted { a, b in
      (rank(a.key), a.value.size ?? 0, a.key) < (rank(b.key), b.value.size ?? 0, b.key)
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
          Self.note(
            "replicas/" + key,
            "past the most a sync takes in (\(GitTransport.maximumTreeEntries) files, "
              + "\(GitTransport.maximumTreeBytes) bytes)"))
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

  /// The most of the remote tree's listing a sync reads (a store's is a few hundred kB).
  static let maximumListingBytes = 32 << 20
  /// The name this machine's files are written under in the snapshot, then renamed.
  static let temporaryName = ".plistctl-snapshot.tmp"

  /// The remote branch's commit and its tree sorted, or nil when it has no branch. A
  /// listing past `maximumListingBytes` is read that far, and the rest named as not read.
  func remoteTree(lock: Int32) throws(PlistError) -> (commit: String, tree: GitStoreTree)? {
    let commit = try run(["rev-parse", "-q", "--verify", remoteBranch + "^{commit}"], lock: lock)
    guard commit.status == 0 else { return nil }
    var options = runOptions(lock: lock)
    options.outputLimit = Self.maximumListingBytes
    let listed = try run(
      ["ls-tree", "-r", "-l", "-z", "--full-tree", remoteBranch], options: options)
    guard listed.status == 0 else {
      throw .cloudEngineFailed(
        command: "git ls-tree", status: listed.status, message: listed.lastErrorLine)
    }
    var tree = GitStoreTree(GitTreeEntry.listing(listed.output))
    if listed.outputTruncated {
      tree.outside.append(
        GitStoreTree.note(
          "(the rest of the remote's tree)",
          "listed past \(Self.maximumListingBytes) bytes, not read"))
    }
    let name = String(decoding: commit.output, as: UTF8.self).split(whereSeparator: \.isNewline)
    return (name.first.map(String.init) ?? "", tree)
  }

  /// Makes `replicasDirectory` hold exactly `entries`' contents, read from git's objects in
  /// one `cat-file --batch`. It is this machine's own folder, never git's work tree: a
  /// cache the merge reads, which git does not touch and whose names are checked ones.
  /// Returns the entries brought, and those whose object is not a file (a mode that says
  /// file on an object that is a folder: git's push takes it).
  func snapshot(_ entries: [GitTreeEntry], lock: Int32) throws(PlistError)
    -> (brought: [GitTreeEntry], refused: [CloudFolderEntry])
  {
    let directory = replicasDirectory
    if Platform.kind(atPath: directory) != .directory {
      // An older plistctl's checkout may have left a file (a link checked out as one).
      _ = try? Platform.removeTree(directory)
      do { try Platform.makeDirectories(directory, mode: 0o755) } catch { throw .system(error) }
    }
    let contents = try blobs(entries.map(\.object), lock: lock)
    var brought: [GitTreeEntry] = []
    var refused: [CloudFolderEntry] = []
    do {
      let folder = try SharedFolder(path: directory)
      for (entry, bytes) in zip(entries, contents) {
        guard let bytes else {
          refused.append(GitStoreTree.note(entry.path, "not a file"))
          continue
        }
        let name = String(entry.path.dropFirst("replicas/".count))
        if Platform.kind(atPath: directory + "/" + name) == .directory {
          try Platform.removeTree(directory + "/" + name)
        }
        // A cache: made again from git's objects, so not flushed to the disk.
        try folder.replaceIfDifferent(
          name, with: bytes, temporaryName: Self.temporaryName, mode: 0o644, flushing: false)
        brought.append(entry)
      }
      let wanted = Set(brought.map { String($0.path.dropFirst("replicas/".count)) })
      for name in try folder.names() where !wanted.contains(name) {
        if Platform.kind(atPath: directory + "/" + name) == .directory {
          try Platform.removeTree(directory + "/" + name)
        } else {
          try folder.remove(name)
        }
      }
    } catch {
      throw .system(error)
    }
    return (brought, refused)
  }

  /// The contents of blobs, in order, from one `git cat-file --batch`; nil for an object
  /// that is not a blob, or that the clone does not have.
  private func blobs(_ objects: [String], lock: Int32) throws(PlistError) -> [[UInt8]?] {
    guard !objects.isEmpty else { return [] }
    var options = runOptions(lock: lock)
    options.input = Array(objects.joined(separator: "\n").utf8) + [0x0A]
    // The sizes listed bound what is asked for; an object listed as a file that is a folder
    // may be larger: cut at the limit, and the rest refused as not read.
    options.outputLimit = Self.maximumTreeBytes + 128 * objects.count
    let result = try run(["cat-file", "--batch"], options: options)
    guard result.status == 0 else {
      throw .cloudEngineFailed(
        command: "git cat-file", status: result.status, message: result.lastErrorLine)
    }
    // Each is `<name> <type> <size>\n<bytes>\n`, or `<name> missing\n`.
    let output = result.output
    var contents: [[UInt8]?] = []
    var at = output.startIndex
    for _ in objects {
      guard let newline = output[at...].firstIndex(of: 0x0A) else {
        contents.append(nil)
        continue
      }
      let header = output[at..<newline].split(separator: 0x20)
      guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)),
        size >= 0, newline + 1 + size < output.endIndex
      else {
        contents.append(nil)
        at = header.count == 2 ? newline + 1 : output.endIndex
        continue
      }
      let isBlob = header[1].elementsEqual("blob".utf8)
      contents.append(isBlob ? Array(output[(newline + 1)..<(newline + 1 + size)]) : nil)
      at = newline + 2 + size
    }
    return contents
  }

  /// The commit that puts `contents` as this replica's file `name` in `replicas/`, beside
  /// the other replicas' files brought (`others`), on top of the remote branch (`parent`,
  /// nil when it has none). Nothing else is in it: whatever a store never holds is left
  /// out, so an honest machine's commit repairs a vandalised tree. Nil when the remote's
  /// tree is that already (`clean`: nothing was left out, and the file is unchanged).
  func commit(
    _ contents: [UInt8], as name: String, beside others: [GitTreeEntry], clean: Bool,
    replacing previous: GitTreeEntry?, parent: String?, lock: Int32
  ) throws(PlistError) -> String? {
    let own = try objectName(["hash-object", "-w", "--stdin"], input: contents, lock: lock)
    if parent != nil, clean, previous?.object == own, previous?.mode == "100644" { return nil }
    let entries =
      others + [
        GitTreeEntry(
          mode: "100644", type: "blob", object: own, size: contents.count,
          path: "replicas/" + name)
      ]
    let replicasTree = try objectName(["mktree", "-z"], input: Self.treeInput(entries), lock: lock)
    let folder = GitTreeEntry(
      mode: "040000", type: "tree", object: replicasTree, size: nil, path: "replicas")
    let root = try objectName(["mktree", "-z"], input: Self.treeInput([folder]), lock: lock)
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

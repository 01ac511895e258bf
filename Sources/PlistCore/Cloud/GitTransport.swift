/// A store carried by a git remote. plistctl runs the `git` program in a private clone (under
/// the XDG data directory) that is only ever a cache: each exchange fetches the remote branch,
/// makes the work tree exactly the remote's, lets the store merge, then commits a copy of this
/// replica's file on top of the remote branch and pushes — again from the fetch when another
/// machine pushed first. Nothing is rebased or merged in git (every replica changes only its
/// own file), and the replica's own file lives in the store's state directory, never only in
/// git's work tree: a sync killed at any step, or a clone git leaves broken, loses nothing. The
/// clone is healed before each exchange (what a dead git left is cleared) and made anew when
/// git cannot work in it.
///
/// The remote is another machine's to write: nothing it holds runs or decides a path here.
/// Hooks are off (a local remote's own hooks too), links in its tree are checked out as plain
/// files, its `.gitattributes` are overridden, and the caller's `GIT_*` variables (a hook's
/// `GIT_DIR`, say) never reach git. Network steps have a deadline, after which git is killed
/// and the store is offline.
public struct GitTransport: CloudTransport {
  /// The remote's URL.
  public let url: String
  /// The private clone.
  public let workTree: String
  /// Milliseconds a fetch or a push may take before git is killed (the sync is then offline).
  public let networkTimeout: Int
  /// The branch the store lives on.
  public static let branch = "main"
  /// How many times an exchange pushes when other machines keep pushing first.
  static let pushAttempts = 8

  /// A git transport.
  ///
  /// - Parameters:
  ///   - url: The remote.
  ///   - workTree: Where the private clone lives.
  ///   - networkTimeout: Milliseconds a fetch or push may take (default 30 s).
  public init(url: String, workTree: String, networkTimeout: Int = 30_000) {
    self.url = url
    self.workTree = workTree
    self.networkTimeout = networkTimeout
  }

  /// `replicas/` in the private clone.
  public var replicasDirectory: String { workTree + "/replicas" }
  /// The store's location.
  public var location: CloudLocation { .git(url) }
  /// False: only a sync changes the clone (a watch fetches on an interval instead).
  public var filesArriveByThemselves: Bool { false }

  private var remoteBranch: String { "refs/remotes/origin/" + Self.branch }

  /// Creates the private clone when it is missing or was left half-made: made whole in a
  /// directory beside it, then renamed into place, so that a clone either is complete or
  /// is not there (a killed `git init` never leaves a `.git` that git does not take for a
  /// repository — git would then look for one further up, the user's own).
  public func prepare() throws(PlistError) {
    guard
      Platform.kind(atPath: workTree + "/.git/HEAD") != .regular
        || Platform.kind(atPath: workTree + "/.git/config") != .regular
    else { return }
    let fresh = workTree + ".plistctl-new"
    do {
      try Platform.removeTree(fresh)
      try Platform.makeDirectories(fresh, mode: 0o700)
    } catch {
      throw .system(error)
    }
    let made = GitTransport(url: url, workTree: fresh, networkTimeout: networkTimeout)
    try made.git(["init", "-q", "-b", Self.branch])
    try made.git(["remote", "add", "origin", url])
    // The store's branch only: another branch a remote holds is never fetched.
    try made.git(["config", "remote.origin.fetch", "+refs/heads/\(Self.branch):\(remoteBranch)"])
    do {
      try Platform.removeTree(workTree)
      try Platform.renameFile(fresh, to: workTree)
    } catch {
      throw .system(error)
    }
  }

  /// One exchange (see `CloudTransport.exchange(file:engineLock:merge:)`); a clone git
  /// cannot work in is made anew once.
  public func exchange(
    file name: String, engineLock: Int32, merge: (_ reached: Bool) throws(PlistError) -> [UInt8]
  ) throws(PlistError) -> CloudExchangeOutcome {
    do {
      return try attempt(file: name, engineLock: engineLock, merge: merge)
    } catch .cloudEngineFailed {
      // Git failed at a local step: the clone is broken (a dead git's half-written
      // index, a damaged object). It holds nothing that is not on the remote or in the
      // store's own file, so it is made anew.
      do { try Platform.removeTree(workTree) } catch { throw .system(error) }
      return try attempt(file: name, engineLock: engineLock, merge: merge)
    }
  }

  private func attempt(
    file name: String, engineLock: Int32, merge: (_ reached: Bool) throws(PlistError) -> [UInt8]
  ) throws(PlistError) -> CloudExchangeOutcome {
    try prepare()
    try heal()
    // A clone git does not recognise (a damaged HEAD or config) fails here, a local step,
    // rather than at the fetch, where it would pass for being offline.
    try git(["rev-parse", "-q", "--verify", "HEAD^{tree}"], lock: engineLock, orEmpty: true)
    let path = "replicas/" + name
    var last = ""
    for attempt in 0..<Self.pushAttempts {
      if attempt > 0 {
        // Machines that keep meeting each other's pushes spread out: a random wait of up to
        // 25 ms, doubled at each attempt (at most 1.6 s before the last).
        Platform.sleep(milliseconds: Int.random(in: 0...(25 << min(attempt, 6))))
      }
      let fetched = try run(["fetch", "-q", "--no-tags", "origin"], lock: engineLock)
      if Self.remoteHasNoBranch(fetched) {
        // Reached, and empty (a new store, or one whose branch was deleted): nothing to
        // check out, this replica's file is the first commit.
        _ = try run(["update-ref", "-d", remoteBranch], lock: engineLock)
      } else if fetched.status != 0 {
        _ = try merge(false)
        return .offline(reason: failure(fetched, "fetch"))
      }
      if let refusal = try refusalOfRemoteTree(replacing: name, lock: engineLock) {
        _ = try merge(false)
        return .offline(reason: refusal)
      }
      try checkOutRemote(lock: engineLock)
      let contents = try merge(true)
      try place(name, contents)
      guard try commit(path, lock: engineLock) else { return .sent }
      let pushed = try run(
        ["push", "-q", "origin", "HEAD:refs/heads/" + Self.branch], lock: engineLock)
      if pushed.status == 0 {
        // The remote-tracking branch in step, so "pending" is right without a fetch; and
        // the clone packed now and then (each sync adds a whole file's object).
        try git(["update-ref", remoteBranch, "HEAD"], lock: engineLock)
        _ = try? run(["-c", "gc.auto=256", "gc", "--auto", "--quiet"], lock: engineLock)
        return .sent
      }
      last = failure(pushed, "push")
      guard !pushed.timedOut, Self.wasOvertaken(pushed) else { return .offline(reason: last) }
    }
    // Every push met a moved or locked branch: other machines busy, or a lock a killed push
    // left in the remote (git's message names it).
    return .offline(
      reason: "the remote's branch moved or was locked at each of \(Self.pushAttempts) pushes ("
        + last + ")")
  }

  /// Whether a fetch reached a remote that has no branch of the store's.
  static func remoteHasNoBranch(_ fetched: ProgramResult) -> Bool {
    fetched.status != 0 && !fetched.timedOut
      && String(decoding: fetched.errors, as: UTF8.self).contains("couldn't find remote ref")
  }

  /// Whether a push failed because the remote branch moved meanwhile: behind it, or a
  /// concurrent push holding or having just changed the ref.
  static func wasOvertaken(_ pushed: ProgramResult) -> Bool {
    let reason = String(decoding: pushed.errors, as: UTF8.self)
    // Not any "[remote rejected]": a protected branch or a full disk refuses again.
    return [
      "[rejected]", "non-fast-forward", "fetch first", "failed to update ref",
      "cannot lock ref", "incorrect old value",
    ].contains { reason.contains($0) }
  }

  /// Nothing: git's copy is committed and pushed by `exchange` (see
  /// `CloudTransport.offer(file:contents:)`).
  public func offer(file name: String, contents: [UInt8]) throws(PlistError) {}

  /// Whether this replica's file differs from the remote branch's copy as last fetched.
  public func hasPendingChanges(file name: String, contents: [UInt8]) -> Bool {
    guard Platform.kind(atPath: workTree + "/.git") == .directory,
      let shown = try? run(["cat-file", "blob", remoteBranch + ":replicas/" + name], lock: nil),
      shown.status == 0
    else { return true }
    return shown.output != contents
  }

  /// Forgets the local side (see `CloudTransport.discard()`).
  public func discard() throws(PlistError) {
    do { try Platform.removeTree(workTree) } catch { throw .system(error) }
  }

  // MARK: - The clone's steps

  /// Clears what a git that died in the clone left (it is plistctl's own clone, and the
  /// engine lock — which every git of plistctl's inherits — says none runs now): lock
  /// files, an interrupted rebase, merge or cherry-pick. And overrides every attribute a
  /// committed `.gitattributes` could set (an encoding that fails every checkout, a filter
  /// that sends the files elsewhere).
  private func heal() throws(PlistError) {
    let gitDirectory = workTree + "/.git"
    for name in [
      "index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "ORIG_HEAD.lock",
      "FETCH_HEAD.lock", "shallow.lock", "MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD",
      "gc.pid",
    ] {
      _ = try? Platform.removeFile(atPath: gitDirectory + "/" + name)
    }
    for name in ["rebase-merge", "rebase-apply", "sequencer"] {
      _ = try? Platform.removeTree(gitDirectory + "/" + name)
    }
    removeLockFiles(in: gitDirectory + "/refs")
    let attributes = Array("* -text -eol -filter -diff -merge -ident -working-tree-encoding\n".utf8)
    let path = gitDirectory + "/info/attributes"
    if (try? Platform.readFile(atPath: path)) != attributes {
      do { try Platform.makeDirectories(gitDirectory + "/info", mode: 0o755) } catch {
        throw .system(error)
      }
      try FileAccess.replaceContents(of: path, with: attributes)
    }
  }

  private func removeLockFiles(in directory: String) {
    guard let names = try? Platform.directoryEntries(directory) else { return }
    for name in names {
      let path = directory + "/" + name
      switch Platform.kind(atPath: path) {
      case .directory: removeLockFiles(in: path)
      default: if name.hasSuffix(".lock") { _ = try? Platform.removeFile(atPath: path) }
      }
    }
  }

  /// The most a remote branch's tree may hold to be checked out: files, bytes in all. (A
  /// store's tree is one file per replica, each far below `ReplicaState.maximumFileSize`.)
  static let maximumTreeEntries = 2 * CloudMerge.maximumReplicas
  static let maximumTreeBytes = 64 << 20

  /// Why the fetched branch's tree is not checked out, or nil when it may be. It is another
  /// machine's to decide: only a store's shape is taken — files at the top or in
  /// `replicas/`, none of them git's own (`.git`), each at most `ReplicaState.maximumFileSize`,
  /// within `maximumTreeEntries` and `maximumTreeBytes` in all — so that no push can fill
  /// this machine's disk, nor hold a path git refuses and so stop every sync with an error.
  /// The sync is then offline, and says why. (What another machine put under this
  /// replica's own file's name is let through: the commit replaces it.)
  private func refusalOfRemoteTree(replacing name: String, lock: Int32) throws(PlistError)
    -> String?
  {
    guard try run(["rev-parse", "-q", "--verify", remoteBranch], lock: lock).status == 0 else {
      return nil
    }
    let listed = try run(["ls-tree", "-r", "-l", "-z", "--full-tree", remoteBranch], lock: lock)
    guard listed.status == 0 else {
      throw .cloudEngineFailed(
        command: "git ls-tree", status: listed.status, message: listed.lastErrorLine)
    }
    var count = 0
    var total = 0
    for record in listed.output.split(separator: 0) {
      count += 1
      guard let tab = record.firstIndex(of: 0x09) else { continue }
      let fields = record[..<tab].split(separator: 0x20)
      let path = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
      let shown = "'" + TerminalText.escaped(path) + "'"
      let components = path.split(separator: "/", omittingEmptySubsequences: false)
      guard fields.count == 4, String(decoding: fields[1], as: UTF8.self) == "blob",
        let size = Int(String(decoding: fields[3], as: UTF8.self))
      else {
        return "the remote's branch holds \(shown), which is not a file: not checked out"
      }
      let underOwnName =
        components.count > 2 && components[0] == "replicas" && components[1] == name
      guard
        components.count == 1 || (components.count == 2 && components[0] == "replicas")
          || underOwnName,
        !components.contains(where: { $0.lowercased() == ".git" || $0.isEmpty })
      else {
        return "the remote's branch holds \(shown), outside a store's shape: not checked out"
      }
      guard size <= ReplicaState.maximumFileSize else {
        return "the remote's branch holds \(shown) of \(size) bytes: not checked out"
      }
      total += size
    }
    if count > Self.maximumTreeEntries || total > Self.maximumTreeBytes {
      return "the remote's branch holds \(count) files of \(total) bytes in all, more than a "
        + "store's \(Self.maximumTreeEntries) files and \(Self.maximumTreeBytes) bytes: not "
        + "checked out"
    }
    return nil
  }

  /// Makes the branch, index and work tree exactly the remote branch's (an empty tree when
  /// the remote has none yet): whatever an earlier exchange left — an unpushed commit, a
  /// copy of this replica's file — is replaced; the store's own file is elsewhere.
  private func checkOutRemote(lock: Int32) throws(PlistError) {
    if try run(["rev-parse", "-q", "--verify", remoteBranch], lock: lock).status == 0 {
      try git(["checkout", "-q", "-f", "-B", Self.branch, remoteBranch], lock: lock)
    } else {
      try git(["symbolic-ref", "HEAD", "refs/heads/" + Self.branch], lock: lock)
      _ = try run(["update-ref", "-d", "refs/heads/" + Self.branch], lock: lock)
      try git(["read-tree", "--empty"], lock: lock)
    }
    try git(["clean", "-q", "-f", "-d", "-x"], lock: lock)
  }

  /// Writes the copy of this replica's file into the work tree, through `SharedFolder`:
  /// the remote decided what `replicas/` is. Anything there that is not a folder (a link
  /// checked out as a file) is replaced by one, and the commit carries the repair.
  private func place(_ name: String, _ contents: [UInt8]) throws(PlistError) {
    let directory = replicasDirectory
    if Platform.kind(atPath: directory) != .directory {
      _ = try? Platform.removeTree(directory)
      do { try Platform.makeDirectories(directory, mode: 0o755) } catch { throw .system(error) }
    }
    // Another machine's tree may hold a folder under this replica's file's name.
    if Platform.kind(atPath: directory + "/" + name) == .directory {
      do { try Platform.removeTree(directory + "/" + name) } catch { throw .system(error) }
    }
    do {
      try SharedFolder(path: directory).replaceIfDifferent(
        name, with: contents, temporaryName: ".plistctl-" + name + ".tmp", mode: 0o644)
    } catch {
      throw .system(error)
    }
  }

  /// Commits the copy when the tree differs from the remote branch's; false when there is
  /// nothing to send.
  private func commit(_ path: String, lock: Int32) throws(PlistError) -> Bool {
    try git(["add", "-A", "--", "replicas"], lock: lock)
    let hasHead = try run(["rev-parse", "-q", "--verify", "HEAD"], lock: lock).status == 0
    if hasHead, try run(["diff", "--cached", "--quiet"], lock: lock).status == 0 { return false }
    let replica = String(path.dropFirst("replicas/".count).prefix(32))
    try git(
      [
        "-c", "user.email=\(replica)@replica.plistctl.invalid", "commit", "-q", "--no-verify",
        "-m", "Replica \(replica)",
      ], lock: lock)
    return true
  }

  // MARK: - Running git

  /// Why a network step failed, for a person: git's messages, each line escaped (they carry
  /// the remote's text), or the deadline.
  private func failure(_ result: ProgramResult, _ step: String) -> String {
    if result.timedOut {
      return "git \(step) did not finish within \(networkTimeout / 1000) s (\(url))"
    }
    let lines = String(decoding: result.errors, as: UTF8.self).split(whereSeparator: \.isNewline)
      .map { TerminalText.escaped(String($0)) }.filter { !$0.isEmpty }
    return lines.isEmpty
      ? "git \(step) failed (exit \(result.status))" : lines.joined(separator: "; ")
  }

  /// Runs git in the work tree, failing on a non-zero status (`orEmpty`: except status 1,
  /// a `rev-parse --verify` of a branch with no commit yet).
  private func git(_ arguments: [String], lock: Int32? = nil, orEmpty: Bool = false)
    throws(PlistError)
  {
    let result = try run(arguments, lock: lock)
    guard result.status == 0 || (orEmpty && result.status == 1) else {
      let command = "git " + (arguments.first { !$0.hasPrefix("-") && !$0.contains("=") } ?? "")
      throw .cloudEngineFailed(
        command: command, status: result.status, message: result.lastErrorLine)
    }
  }

  /// The variables of plistctl's environment git may see: the ones that say how to reach a
  /// remote (an SSH command, a password prompt program, a proxy, certificates). Every other
  /// `GIT_*` variable is dropped: `GIT_DIR` or `GIT_WORK_TREE` set by a hook that runs
  /// plistctl would point git at the user's own repository, and `GIT_CONFIG_*` would add
  /// configuration.
  static let reachingVariables: Set<String> = [
    "GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSH_VARIANT", "GIT_ASKPASS", "GIT_PROXY_COMMAND",
    "GIT_SSL_CAINFO", "GIT_SSL_CAPATH", "GIT_SSL_NO_VERIFY", "GIT_HTTP_PROXY_AUTHMETHOD",
  ]

  /// Runs git in the work tree: never prompting, in the C locale (its messages are read),
  /// with no hooks (a local remote's `receive-pack` too), no signing, links checked out as
  /// plain files, no attributes file of the user's, the engine lock inherited, and the
  /// network deadline.
  private func run(_ arguments: [String], lock: Int32?) throws(PlistError) -> ProgramResult {
    // The repository named outright: git never looks for one further up (the user's own,
    // should the clone be damaged).
    var command = [
      "git", "--git-dir=" + workTree + "/.git", "--work-tree=" + workTree, "-C", workTree,
      "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false",
      "-c", "core.symlinks=false", "-c", "core.autocrlf=false", "-c", "core.safecrlf=false",
      "-c", "core.attributesFile=/dev/null", "-c", "core.fsmonitor=false",
      "-c", "protocol.ext.allow=never", "-c", "gc.auto=0",
      // An identity for the commits, on a machine that has none.
      "-c", "user.name=plistctl", "-c", "user.email=plistctl@replica.plistctl.invalid",
    ]
    if isLocalRemote {
      // git runs a local remote's receive-pack and upload-pack itself, in the remote's
      // repository, whose configuration would run commands with this user's rights: its
      // hooks, and the command that lists an alternate's refs.
      let off = "-c core.hooksPath=/dev/null -c core.alternateRefsCommand=true"
      command += [
        "-c", "remote.origin.receivepack=git \(off) receive-pack",
        "-c", "remote.origin.uploadpack=git \(off) upload-pack",
      ]
    }
    let network = ["fetch", "push"].contains(arguments.first ?? "")
    var options = Platform.RunOptions(
      environment: ["GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "LANGUAGE": ""],
      droppedPrefixes: ["GIT_"], keptVariables: Self.reachingVariables)
    options.inherited = lock.map { [$0] } ?? []
    options.timeoutMilliseconds = network ? networkTimeout : nil
    do {
      return try Platform.run(command + arguments, options: options)
    } catch {
      throw .cloudEngineFailed(command: "git", status: 127, message: "\(error.errno)")
    }
  }

  /// Whether git reaches the remote by running its programs on this machine (a path or a
  /// `file://` URL) rather than over a connection.
  private var isLocalRemote: Bool {
    url.hasPrefix("/") || url.hasPrefix("file:") || url.hasPrefix(".") || url.hasPrefix("~")
      || !(url.contains(":"))
  }
}

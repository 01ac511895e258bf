/// A store carried by a git remote. plistctl runs the `git` program in a private clone (under
/// the XDG data directory) that is only ever a cache: each exchange fetches the remote branch,
/// reads the replicas' files from git's objects into a folder of its own (nothing is ever
/// checked out), lets the store merge, then makes a commit of its own tree — the remote's with
/// this replica's file replaced — on top of the remote branch and pushes it, again from the
/// fetch when another machine pushed first. Nothing is rebased or merged in git (every
/// replica changes only its own file), and the replica's own file lives in the store's state
/// directory, never in the clone: a sync killed at any step, or a clone git leaves broken,
/// loses nothing. The clone is healed before each exchange (what a dead git left is cleared)
/// and made anew when git cannot work in it.
///
/// The remote is another machine's to write: nothing it holds runs or decides a path here.
/// Its tree is read, never checked out: only plain files of a store's shape are taken, within
/// bounds, under names checked here (`GitStoreTree`); whatever else a vandal pushed (links,
/// folders, huge files) is left out of this machine's next commit, so that honest machines
/// repair the branch by syncing. Hooks are off (a local remote's own hooks too), and the
/// caller's `GIT_*` variables (a hook's `GIT_DIR`, say) never reach git. Network steps have a
/// deadline, after which git is killed and the store is offline.
struct GitTransport: CloudTransport {
  /// The remote's URL.
  let url: String
  /// The private clone.
  let workTree: String
  /// Milliseconds a fetch or a push may take before git is killed (the sync is then offline).
  let networkTimeout: Int
  /// The branch the store lives on.
  static let branch = "main"
  /// How many times an exchange pushes when other machines keep pushing first.
  static let pushAttempts = 8

  /// A git transport.
  ///
  /// - Parameters:
  ///   - url: The remote.
  ///   - workTree: Where the private clone lives.
  ///   - networkTimeout: Milliseconds a fetch or push may take (default 30 s).
  init(url: String, workTree: String, networkTimeout: Int = 30_000) {
    self.url = url
    self.workTree = workTree
    self.networkTimeout = networkTimeout
  }

  /// `replicas/` in the private clone's folder: the replicas' files as last fetched, written
  /// by plistctl from git's objects (git's work tree is never checked out).
  var replicasDirectory: String { workTree + "/replicas" }
  /// The store's location.
  var location: CloudLocation { .git(url) }
  /// False: only a sync changes the clone (a watch fetches on an interval instead).
  var filesArriveByThemselves: Bool { false }

  var remoteBranch: String { "refs/remotes/origin/" + Self.branch }

  /// Creates the private clone when it is missing or was left half-made: made whole in a
  /// directory beside it, then renamed into place, so that a clone either is complete or
  /// is not there (a killed `git init` never leaves a `.git` that git does not take for a
  /// repository — git would then look for one further up, the user's own).
  func prepare() throws(PlistError) {
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
  func exchange(
    file name: String, engineLock: Int32,
    merge: (CloudArrival) throws(PlistError) -> [UInt8]
  ) throws(PlistError) -> CloudExchangeOutcome {
    do {
      return try attempt(file: name, engineLock: engineLock, merge: merge)
    } catch .cloudEngineFailed {
      // Git failed at a local step: the clone is broken (a dead git's half-written
      // object, a damaged ref). It holds nothing that is not on the remote or in the
      // store's own file, so it is made anew.
      do { try Platform.removeTree(workTree) } catch { throw .system(error) }
      return try attempt(file: name, engineLock: engineLock, merge: merge)
    }
  }

  private func attempt(
    file name: String, engineLock: Int32, merge: (CloudArrival) throws(PlistError) -> [UInt8]
  ) throws(PlistError) -> CloudExchangeOutcome {
    try prepare()
    try heal()
    // A clone git does not recognise (a damaged HEAD or config) fails here, a local step,
    // rather than at the fetch, where it would pass for being offline.
    try git(["rev-parse", "-q", "--verify", "HEAD^{tree}"], lock: engineLock, orEmpty: true)
    var last = ""
    for attempt in 0..<Self.pushAttempts {
      if attempt > 0 {
        // Machines that keep meeting each other's pushes spread out: a random wait of up to
        // 25 ms, doubled at each attempt (at most 1.6 s before the last).
        Platform.sleep(milliseconds: Int.random(in: 0...(25 << min(attempt, 6))))
      }
      let fetched = try run(["fetch", "-q", "--no-tags", "origin"], lock: engineLock)
      if Self.remoteHasNoBranch(fetched) {
        // Reached, and empty (a new store, or one whose branch was deleted): this
        // replica's file is the first commit.
        _ = try run(["update-ref", "-d", remoteBranch], lock: engineLock)
      } else if fetched.status != 0 {
        _ = try merge(CloudArrival(reached: false))
        return .offline(reason: failure(fetched, "fetch"))
      }
      let remote = try remoteTree(lock: engineLock)
      let tree = remote?.tree ?? GitStoreTree([])
      let (taken, left) = tree.taken(own: name)
      let (brought, refused) = try snapshot(taken, lock: engineLock)
      let contents = try merge(
        CloudArrival(reached: true, notBrought: tree.outside + left + refused))
      // The folder holds what the branch will: the copy last published is there to restore
      // this replica's state from, should its own file ever be damaged.
      let present: Set<String>
      do {
        let folder = try SharedFolder(path: replicasDirectory)
        try folder.replaceIfDifferent(
          name, with: contents, temporaryName: Self.temporaryName, mode: 0o644, flushing: false)
        present = Set(try folder.names())
      } catch {
        throw .system(error)
      }
      // The other files brought that the merge left (it removes a conflict copy it took in).
      let others = brought.filter {
        let file = String($0.path.dropFirst("replicas/".count))
        return file != name && present.contains(file)
      }
      let clean =
        tree.outside.isEmpty && left.isEmpty && refused.isEmpty
        && others.count + (tree.replicas[name] == nil ? 0 : 1) == tree.replicas.count
      guard
        let commit = try commit(
          contents, as: name, beside: others, clean: clean, replacing: tree.replicas[name],
          parent: remote?.commit, lock: engineLock)
      else { return .sent }
      let pushed = try run(
        ["push", "-q", "origin", commit + ":refs/heads/" + Self.branch], lock: engineLock)
      if pushed.status == 0 {
        // The remote-tracking branch in step, so "pending" is right without a fetch; the
        // local branch with it, for a person who looks; and the clone packed now and then
        // (each sync adds a whole file's object).
        try git(["update-ref", remoteBranch, commit], lock: engineLock)
        try git(["update-ref", "refs/heads/" + Self.branch, commit], lock: engineLock)
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
  func offer(file name: String, contents: [UInt8]) throws(PlistError) {}

  /// Whether this replica's file differs from the remote branch's copy as last fetched.
  func hasPendingChanges(file name: String, contents: [UInt8]) -> Bool {
    var options = runOptions(lock: nil)
    options.outputLimit = contents.count + 1
    guard Platform.kind(atPath: workTree + "/.git") == .directory,
      let shown = try? run(
        ["cat-file", "blob", remoteBranch + ":replicas/" + name], options: options),
      shown.status == 0
    else { return true }
    return shown.output != contents
  }

  /// Forgets the local side (see `CloudTransport.discard()`).
  func discard() throws(PlistError) {
    do { try Platform.removeTree(workTree) } catch { throw .system(error) }
  }
}

/// A store carried by a git remote. plistctl runs the `git` program in a private clone (under
/// the XDG data directory): it commits this replica's file, fetches, rebases onto the remote
/// branch — which cannot conflict, because every replica changes only its own file — and
/// pushes, trying again when another machine pushed first. Should two machines ever share a
/// replica id (a copied state directory), a registered merge driver (`plistctl cloud
/// merge-file`) merges their versions of the file by the store's own rule, so even then no
/// conflict needs a person.
public struct GitTransport: CloudTransport {
  /// The remote's URL.
  public let url: String
  /// The private clone.
  public let workTree: String
  /// The command git runs as the merge driver (`'/usr/bin/plistctl' cloud merge-file`), or
  /// nil for none.
  public let mergeDriver: String?
  /// The branch the store lives on.
  public static let branch = "main"

  /// A git transport.
  ///
  /// - Parameters:
  ///   - url: The remote.
  ///   - workTree: Where the private clone lives.
  ///   - mergeDriver: The merge driver's command, to which git appends `%O %A %B`.
  public init(url: String, workTree: String, mergeDriver: String? = nil) {
    self.url = url
    self.workTree = workTree
    self.mergeDriver = mergeDriver
  }

  /// `replicas/` in the private clone.
  public var replicasDirectory: String { workTree + "/replicas" }
  /// The store's location.
  public var location: CloudLocation { .git(url) }

  /// Creates what is missing (see `CloudTransport.prepare()`).
  public func prepare() throws(PlistError) {
    if Platform.kind(atPath: workTree + "/.git") != .directory {
      do { try Platform.makeDirectories(workTree, mode: 0o700) } catch { throw .system(error) }
      try git(["init", "-q", "-b", Self.branch])
      try git(["remote", "add", "origin", url])
    }
    do { try Platform.makeDirectories(replicasDirectory, mode: 0o700) } catch {
      throw .system(error)
    }
    if let mergeDriver {
      try git(["config", "merge.plistctl-lww.name", "plistctl cloud store: last writer wins"])
      try git(["config", "merge.plistctl-lww.driver", mergeDriver + " %O %A %B"])
      // Local attributes, not a committed .gitattributes: the driver's command is this
      // machine's, and the store's history holds nothing but replicas' files.
      do { try Platform.makeDirectories(workTree + "/.git/info", mode: 0o755) } catch {
        throw .system(error)
      }
      try FileAccess.replaceContents(
        of: workTree + "/.git/info/attributes",
        with: Array("replicas/*.plist merge=plistctl-lww\n".utf8))
    }
  }

  /// Brings the other replicas' files (see `CloudTransport.receive(ownFile:)`).
  public func receive(ownFile: String) throws(PlistError) -> Bool {
    try commit(ownFile)
    let fetched = try run(["fetch", "-q", "origin"])
    guard fetched.status == 0 else { return false }
    let remote = "refs/remotes/origin/" + Self.branch
    guard try run(["rev-parse", "-q", "--verify", remote]).status == 0 else { return true }
    if try run(["rev-parse", "-q", "--verify", "HEAD"]).status != 0 {
      try git(["checkout", "-q", "-B", Self.branch, remote])
      return true
    }
    let rebased = try run(["rebase", "-q", remote])
    if rebased.status != 0 {
      _ = try? run(["rebase", "--abort"])
      throw .cloudEngineFailed(
        command: "git rebase", status: rebased.status, message: rebased.lastErrorLine)
    }
    return true
  }

  /// Sends this replica's file (see `CloudTransport.publish(ownFile:)`).
  public func publish(ownFile: String) throws(PlistError) -> CloudPublishOutcome {
    try commit(ownFile)
    guard try run(["rev-parse", "-q", "--verify", "HEAD"]).status == 0 else { return .sent }
    guard try commitsAhead() != 0 else { return .sent }
    let pushed = try run(["push", "-q", "origin", "HEAD:refs/heads/" + Self.branch])
    if pushed.status == 0 {
      // Keep the remote-tracking branch in step, so "ahead" is right without a fetch; and
      // pack the clone now and then (each sync adds a whole file's object; git's own
      // threshold lets thousands pile up first).
      _ = try? run(["fetch", "-q", "origin"])
      _ = try? run(["-c", "gc.auto=256", "gc", "--auto", "--quiet"])
      return .sent
    }
    let reason = String(decoding: pushed.errors, as: UTF8.self)
    if reason.contains("[rejected]") || reason.contains("non-fast-forward")
      || reason.contains("fetch first")
    {
      return .overtaken
    }
    return .offline(reason: pushed.lastErrorLine)
  }

  /// Whether changes wait to be sent (see `CloudTransport.hasPendingChanges(ownFile:)`).
  public func hasPendingChanges(ownFile: String) -> Bool {
    guard Platform.kind(atPath: workTree + "/.git") == .directory else { return false }
    if let status = try? run(["status", "--porcelain", "--", relative(ownFile)]),
      !status.output.isEmpty
    {
      return true
    }
    return ((try? commitsAhead()) ?? 0) > 0
  }

  /// Forgets the local side (see `CloudTransport.discard()`).
  public func discard() throws(PlistError) {
    do { try Platform.removeTree(workTree) } catch { throw .system(error) }
  }

  // MARK: - Running git

  /// Commits this replica's file when it changed.
  private func commit(_ ownFile: String) throws(PlistError) {
    guard Platform.kind(atPath: ownFile) == .regular else { return }
    let path = relative(ownFile)
    try git(["add", "--", path])
    guard try run(["diff", "--cached", "--quiet", "--", path]).status != 0 else { return }
    let replica = String(path.split(separator: "/").last?.split(separator: ".").first ?? "")
    try git([
      "-c", "user.name=plistctl", "-c", "user.email=\(replica)@replica.plistctl.invalid",
      "commit", "-q", "--no-verify", "-m", "Replica \(replica)", "--", path,
    ])
  }

  /// How many local commits the remote branch lacks (all of them when it has none).
  private func commitsAhead() throws(PlistError) -> Int {
    let remote = "refs/remotes/origin/" + Self.branch
    let range =
      try run(["rev-parse", "-q", "--verify", remote]).status == 0 ? remote + "..HEAD" : "HEAD"
    let counted = try run(["rev-list", "--count", range])
    guard counted.status == 0 else { return 0 }
    return Int(String(decoding: counted.output, as: UTF8.self).filter(\.isNumber)) ?? 0
  }

  private func relative(_ path: String) -> String {
    path.hasPrefix(workTree + "/") ? String(path.dropFirst(workTree.count + 1)) : path
  }

  /// Runs git in the work tree, failing on a non-zero status.
  private func git(_ arguments: [String]) throws(PlistError) {
    let result = try run(arguments)
    guard result.status == 0 else {
      let command = "git " + (arguments.first { !$0.hasPrefix("-") && !$0.contains("=") } ?? "")
      throw .cloudEngineFailed(
        command: command, status: result.status, message: result.lastErrorLine)
    }
  }

  /// Runs git in the work tree: never prompting, in the C locale (its messages are read),
  /// with no hooks and no signing (the commits are the store's, not the user's).
  private func run(_ arguments: [String]) throws(PlistError) -> ProgramResult {
    let command =
      [
        "git", "-C", workTree, "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false",
        // An identity for the commits a rebase rewrites, on a machine that has none.
        "-c", "user.name=plistctl", "-c", "user.email=plistctl@replica.plistctl.invalid",
      ] + arguments
    do {
      return try Platform.run(
        command, environment: ["GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "LANGUAGE": ""])
    } catch {
      throw .cloudEngineFailed(command: "git", status: 127, message: "\(error.errno)")
    }
  }
}

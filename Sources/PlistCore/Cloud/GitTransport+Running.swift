// MARK: - Running git in the private clone, and healing it

extension GitTransport {
  /// Clears what a git that died in the clone left (it is plistctl's own clone, and the
  /// engine lock — which every git of plistctl's inherits — says none runs now): lock
  /// files, an interrupted rebase, merge or cherry-pick (an older plistctl's). And
  /// overrides every attribute a committed `.gitattributes` could set (a filter that sends
  /// files elsewhere), should any git step ever read one.
  func heal() throws(PlistError) {
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

  // MARK: - Running git

  /// Why a network step failed, for a person: git's messages, each line escaped (they carry
  /// the remote's text), or the deadline.
  func failure(_ result: ProgramResult, _ step: String) -> String {
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
  func git(_ arguments: [String], lock: Int32? = nil, orEmpty: Bool = false)
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

  /// Runs git in the clone as `runOptions(lock:)` says.
  func run(_ arguments: [String], lock: Int32?) throws(PlistError) -> ProgramResult {
    try run(arguments, options: runOptions(lock: lock))
  }

  /// How git runs: never prompting, in the C locale (its messages are read), the engine
  /// lock inherited, and the caller's `GIT_*` variables dropped but those that say how to
  /// reach a remote.
  func runOptions(lock: Int32?) -> Platform.RunOptions {
    var options = Platform.RunOptions(
      environment: ["GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "LANGUAGE": ""],
      droppedPrefixes: ["GIT_"], keptVariables: Self.reachingVariables)
    options.inherited = lock.map { [$0] } ?? []
    return options
  }

  /// Runs git in the clone: with no hooks (a local remote's `receive-pack` too), no
  /// signing, links checked out as plain files, no attributes file of the user's, and the
  /// network deadline on a fetch or a push.
  func run(_ arguments: [String], options given: Platform.RunOptions) throws(PlistError)
    -> ProgramResult
  {
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
      // hooks, the command that lists an alternate's refs, a file system monitor, and a
      // checkout of what is pushed (`updateInstead`), which would run the filters its
      // configuration and attributes name. (`uploadpack.packObjectsHook` git itself never
      // takes from a repository's configuration; what else that holds changes only how
      // objects are packed and received.)
      let off =
        "-c core.hooksPath=/dev/null -c core.alternateRefsCommand=true"
        + " -c core.fsmonitor=false -c receive.denyCurrentBranch=refuse"
      command += [
        "-c", "remote.origin.receivepack=git \(off) receive-pack",
        "-c", "remote.origin.uploadpack=git \(off) upload-pack",
      ]
    }
    var options = given
    if ["fetch", "push"].contains(arguments.first ?? "") {
      options.timeoutMilliseconds = networkTimeout
    }
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

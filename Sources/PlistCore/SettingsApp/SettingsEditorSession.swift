/// Runs the terminal Settings app: draws the editor, hands it keys, makes its writes through
/// `Defaults` (validated by the schema, merged under the store's lock), and redraws when a
/// file along the app's search list changes — a `plistctl write`, the app itself.
package enum SettingsEditorSession {
  /// Runs until the user quits (or the terminal goes away).
  ///
  /// - Parameters:
  ///   - schema: The schema whose panes are shown.
  ///   - defaults: The app's defaults, with the schema registered.
  ///   - title: The root pane's title when the bundle has none.
  ///   - term: The `TERM` environment variable.
  /// - Throws: `TerminalError` when there is no terminal that can place the cursor;
  ///   `PlistError.system` when the preferences directory cannot be watched.
  package static func run(schema: SettingsSchema, defaults: Defaults, title: String, term: String?)
    throws
  {
    let (watcher, watched) = try watch(defaults)
    defer { Platform.closeQuietly(watcher) }
    var names = watched
    let terminal = try TerminalSession.open(term: term)
    defer { terminal.close() }
    var editor = SettingsEditor(schema: schema, title: title)
    editor.refresh(lookup(in: defaults), managed: defaults.forcingSource(of:))
    while true {
      terminal.draw(editor.render(size: terminal.size))
      switch terminal.nextEvent(watching: [watcher]) {
      case .keys(let keys):
        for key in keys {
          if key == .control("l") { terminal.invalidate() }
          for action in editor.handle(key) {
            switch action {
            case .quit: return
            case .write(let key, let value):
              do {
                try defaults.write(value, forKey: key)
              } catch {
                editor.show(message: error.description)
              }
              // The next key (typed ahead in the same read) acts on the new value.
              editor.refresh(lookup(in: defaults), managed: defaults.forcingSource(of:))
            }
          }
        }
      case .ready:
        // Another process changed a file: read what changed, show the new values. (Events
        // on other files in a watched directory, `$HOME` among them, change nothing shown;
        // events that cannot be read may have concerned the search list.)
        let concerned = (try? Platform.readEvents(watcher)).map(names.concern) ?? true
        names = defaults.watchSearchList(with: watcher)
        guard concerned else { continue }
        editor.refresh(lookup(in: defaults), managed: defaults.forcingSource(of:))
      case .resized, .timeout: continue
      case .endOfInput: return
      }
    }
  }

  /// A key's effective value, and whether it is the schema's default.
  private static func lookup(in defaults: Defaults) -> (String) -> (
    value: PlistValue, isDefault: Bool
  )? {
    { key in defaults.lookup(key).map { ($0.value, $0.layer == .schema) } }
  }

  /// An inotify watcher on the search list's files (`Defaults.watchSearchList`), the app's
  /// preferences directory made first so that it can be watched.
  private static func watch(_ defaults: Defaults) throws(PlistError) -> (Int32, WatchedNames) {
    let watcher: Int32
    do {
      try Platform.makeDirectories(defaults.environment.root, mode: 0o700)
      watcher = try Platform.makeWatcher()
    } catch {
      throw .system(error)
    }
    return (watcher, defaults.watchSearchList(with: watcher))
  }
}

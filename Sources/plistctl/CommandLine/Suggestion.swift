/// The nearest word to a mistyped one, for "did you mean …?": commands, subcommands and
/// options are all checked against what the specs declare, so a new command is suggested
/// without being named here.
enum Suggestion {
  /// The candidate nearest to `word`: the one fewest edits away (an insertion, a deletion, a
  /// substitution, or two neighbouring letters swapped, as in `wrtie`) when that is close
  /// enough to be a typo, the first in the list on a tie; else the only candidate that starts
  /// with a word of three letters or more (`sett` for `settings`). Letter case is ignored.
  static func nearest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased())
    guard !typed.isEmpty else { return nil }
    // One edit for words of up to three letters, two for longer ones: `rd` is not a typo of
    // `read`, `reed` is.
    let allowed = typed.count < 4 ? 1 : 2
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.lowercased()))
      if distance <= allowed && distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    if let best { return best.candidate }
    let starting = candidates.filter { $0.lowercased().hasPrefix(word.lowercased()) }
    return typed.count >= 3 && starting.count == 1 ? starting[0] : nil
  }

  /// `; did you mean 'write'?`, to end a message, or nothing when no candidate is near.
  static func clause(for word: String, among candidates: [String]) -> String {
    nearest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// Optimal string alignment distance: Levenshtein's, with a swap of two neighbouring
  /// characters counted as one edit.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}

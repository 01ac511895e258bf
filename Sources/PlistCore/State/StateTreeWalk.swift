/// The one walk of an app's tree of restorable elements, both ways. An element without an
/// identifier is skipped with everything under it; among siblings, the first with an
/// identifier is kept.
enum StateTreeWalk {
  /// The archive's elements for `elements` and everything under them with identifiers.
  /// An element whose encoding fails keeps an empty state (its children are walked) and
  /// adds a `StateError.notEncoded` to `failures`.
  static func encode(
    _ elements: [any Restorable], path: String, failures: inout [StateError], depth: Int = 1
  ) -> [StateElement] {
    guard depth <= StateArchive.maximumDepth else { return [] }
    var encoded: [StateElement] = []
    for element in elements {
      guard let identifier = element.restorationIdentifier,
        !encoded.contains(where: { $0.identifier == identifier })
      else { continue }
      let place = path.isEmpty ? identifier : path + "/" + identifier
      let coder = StateCoder()
      do { try element.encodeRestorableState(with: coder) } catch {
        failures.append(.notEncoded(element: place, reason: "\(error)"))
      }
      let children = encode(
        element.restorableChildren, path: place, failures: &failures, depth: depth + 1)
      encoded.append(StateElement(identifier: identifier, state: coder.values, children: children))
    }
    return encoded
  }

  /// Restores `elements` from the archive's elements at the same level: each decodes its
  /// state, then its children (asked for after, as decoding may make them) are matched by
  /// identifier. Elements whose decoding fails are named in `skipped`.
  static func decode(
    _ elements: [any Restorable], from saved: [StateElement], path: String,
    skipped: inout [String]
  ) {
    var seen: Set<String> = []
    for element in elements {
      guard let identifier = element.restorationIdentifier, seen.insert(identifier).inserted,
        let entry = saved.first(where: { $0.identifier == identifier })
      else { continue }
      let place = path.isEmpty ? identifier : path + "/" + identifier
      do { try element.decodeRestorableState(with: StateCoder(values: entry.state)) } catch {
        skipped.append(place)
      }
      decode(element.restorableChildren, from: entry.children, path: place, skipped: &skipped)
    }
  }
}

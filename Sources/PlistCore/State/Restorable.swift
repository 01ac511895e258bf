/// Something on an app's screen that puts itself back where the user left it: a tab, a page
/// of a book, a list's selection. The app's tree of them is walked when state is preserved
/// and again, in the same shape, when it is restored at the next launch.
///
/// An element takes part only with a `restorationIdentifier`: one without is skipped, and
/// everything under it too. Identifiers need to be unique only among siblings (the first of
/// two siblings with one identifier is kept). On restoring, an element decodes its state
/// first and is asked for its children after, so that it can make the ones its state says
/// were open (a character's page opened from a list).
///
/// ```swift
/// final class BookPage: Restorable {
///   var page = 1
///   var restorationIdentifier: String? { "book" }
///   func encodeRestorableState(with coder: StateCoder) throws {
///     try coder.encode(page, forKey: "page")
///   }
///   func decodeRestorableState(with coder: StateCoder) throws {
///     page = coder.decode(Int.self, forKey: "page") ?? 1
///   }
/// }
/// ```
public protocol Restorable: AnyObject {
  /// The element's name among its siblings; nil leaves it, and what is under it, out.
  var restorationIdentifier: String? { get }
  /// The elements under this one, in order (none by default).
  var restorableChildren: [any Restorable] { get }
  /// Writes what puts this element back as it is now. An error leaves this element's own
  /// state out of the archive (its children are still kept), and is reported by `preserve`.
  func encodeRestorableState(with coder: StateCoder) throws
  /// Puts this element back from what `encodeRestorableState` wrote. An error skips this
  /// element's state (its children are still restored), and is reported by `restore`.
  func decodeRestorableState(with coder: StateCoder) throws
}

extension Restorable {
  /// No children.
  public var restorableChildren: [any Restorable] { [] }
  /// Writes nothing: an element that only groups its children.
  public func encodeRestorableState(with coder: StateCoder) throws {}
  /// Reads nothing.
  public func decodeRestorableState(with coder: StateCoder) throws {}
}

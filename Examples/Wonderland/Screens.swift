import PlistCore

// The books' Wonderland app, its screens as restorable elements: a tab bar over two tabs —
// the book, turned page by page, and a list of characters, one of which may be open. Each
// screen encodes what puts it back; the list keeps its selection by the character's
// identifier, so a list sorted differently at the next launch still lands on the same one.

/// One of the book's characters: its identifier in the model, its name, a line about it.
struct Character {
  let id: String
  let name: String
  let about: String
}

let allCharacters = [
  Character(id: "alice", name: "Alice", about: "Follows a rabbit down a hole."),
  Character(id: "white-rabbit", name: "White Rabbit", about: "Late, and says so."),
  Character(id: "caterpillar", name: "Caterpillar", about: "Asks who you are."),
  Character(id: "duchess", name: "Duchess", about: "Finds a moral in everything."),
  Character(id: "cheshire-cat", name: "Cheshire Cat", about: "Leaves its grin behind."),
  Character(id: "mad-hatter", name: "Mad Hatter", about: "Keeps it six o'clock."),
  Character(id: "march-hare", name: "March Hare", about: "Offers wine there isn't."),
  Character(id: "dormouse", name: "Dormouse", about: "Tells of a treacle well."),
  Character(id: "queen-of-hearts", name: "Queen of Hearts", about: "Off with their heads."),
  Character(id: "mock-turtle", name: "Mock Turtle", about: "Sings of turtle soup."),
]

/// The book: a page number, kept between 1 and `pages`.
final class BookScreen: Restorable {
  static let pages = 120
  var page = 1
  /// Set to make restoring crash, as an app's bug would (the tests' injected crash).
  var crashWhileRestoring = false

  var restorationIdentifier: String? { "book" }

  func encodeRestorableState(with coder: StateCoder) throws {
    try coder.encode(page, forKey: "page")
  }

  func decodeRestorableState(with coder: StateCoder) throws {
    if crashWhileRestoring { fatalError("Wonderland: crash while restoring, as asked") }
    // An archive is the app's own, but a page past the end is still not shown.
    page = min(max(coder.decode(Int.self, forKey: "page") ?? 1, 1), Self.pages)
  }

  func turn(by pages: Int) {
    page = min(max(page + pages, 1), Self.pages)
  }
}

/// A character opened from the list.
final class CharacterScreen: Restorable {
  var character: Character

  init(_ character: Character) {
    self.character = character
  }

  var restorationIdentifier: String? { "character" }

  func encodeRestorableState(with coder: StateCoder) throws {
    try coder.encode(character.id, forKey: "id")
  }
}

/// The list of characters: a selection, and perhaps one of them open.
final class CharacterListScreen: Restorable {
  let characters: [Character]
  var selected = 0
  var opened: CharacterScreen?

  init(characters: [Character]) {
    self.characters = characters
  }

  var restorationIdentifier: String? { "characters" }
  var restorableChildren: [any Restorable] { opened.map { [$0] } ?? [] }

  func encodeRestorableState(with coder: StateCoder) throws {
    coder.encodePosition(selected, in: characters, identifiedBy: \.id, forKey: "selected")
    try coder.encode(opened?.character.id, forKey: "opened")
  }

  func decodeRestorableState(with coder: StateCoder) throws {
    selected =
      coder.decodePosition(forKey: "selected", in: characters, identifiedBy: \.id) ?? 0
    // Made here, so that the walk finds it among the children next and restores it too.
    if let id = coder.decode(String.self, forKey: "opened"),
      let character = characters.first(where: { $0.id == id })
    {
      opened = CharacterScreen(character)
    }
  }

  func move(by rows: Int) {
    selected = min(max(selected + rows, 0), characters.count - 1)
  }
}

/// The tab bar: which tab is shown, over the two tabs.
final class TabScreen: Restorable {
  let book = BookScreen()
  let list: CharacterListScreen
  var tab = 0

  init(characters: [Character]) {
    list = CharacterListScreen(characters: characters)
  }

  var restorationIdentifier: String? { "tabs" }
  var restorableChildren: [any Restorable] { [book, list] }

  func encodeRestorableState(with coder: StateCoder) throws {
    try coder.encode(tab, forKey: "tab")
  }

  func decodeRestorableState(with coder: StateCoder) throws {
    tab = coder.decode(Int.self, forKey: "tab") == 1 ? 1 : 0
  }
}

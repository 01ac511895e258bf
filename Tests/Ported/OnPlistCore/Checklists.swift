import PlistCoreCompat

// The books' Checklists app at launch: factory defaults registered, a first run that makes
// a starter list and remembers it is done, the lists' names kept as an array of strings.
func checklists() {
  let defaults = UserDefaults.standard
  defaults.register(defaults: ["ChecklistIndex": -1, "FirstTime": true])
  if defaults.bool(forKey: "FirstTime") {
    print("first run: making a starter list")
    defaults.set(["List"], forKey: "Checklists")
    defaults.set(0, forKey: "ChecklistIndex")
    defaults.set(false, forKey: "FirstTime")
  } else {
    var lists = defaults.array(forKey: "Checklists") as? [String] ?? []
    lists.append("List \(lists.count + 1)")
    defaults.set(lists, forKey: "Checklists")
    defaults.set(lists.count - 1, forKey: "ChecklistIndex")
  }
  let lists = defaults.stringArray(forKey: "Checklists") ?? []
  print(
    "lists: \(lists.joined(separator: ", ")); selected: \(defaults.integer(forKey: "ChecklistIndex"))"
  )
  defaults.synchronize()
}

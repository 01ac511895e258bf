import Foundation

// Three programs written for Foundation's UserDefaults, built twice with nothing changed but
// this import: against Foundation (Tests/Ported/OnFoundation) and against PlistCoreCompat
// (Tests/Ported/OnPlistCore). CLITests/PortedProgramTests runs both and compares.
//
//   ported pigeon show | map-type N | remember LAT LON NAME | forget
//   ported checklists            a launch of the Checklists app's first-run flow
//   ported every                 every member of the API, once, in one run

let words = Array(CommandLine.arguments.dropFirst())
switch words.first {
case "pigeon": pigeon(Array(words.dropFirst()))
case "checklists": checklists()
case "every": everyMethod()
default: print("usage: ported pigeon|checklists|every")
}

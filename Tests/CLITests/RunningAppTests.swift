import Foundation
import TestSupport
import Testing

/// plistctl against a running Foundation app (UserDefaultsProbe sync-loop, a separate
/// process with the same XDG_CONFIG_HOME) that saves its domain again and again: every write
/// plistctl acknowledges is in the file at the end, and so is the app's last save.
@Suite("A running Foundation app saving its domain")
struct RunningAppTests {
  static let domain = "com.example.running"

  /// A domain of 300 keys written by Foundation: each of the app's saves parses and encodes
  /// it, the moment in which a write of plistctl's can be overtaken.
  static func seed(_ box: Sandbox) throws -> [String: Any] {
    var keys: [String: Any] = [:]
    for index in 0..<300 { keys["Pre\(index)"] = "value number \(index)" }
    let data = try PropertyListSerialization.data(fromPropertyList: keys, format: .xml, options: 0)
    try FileManager.default.createDirectory(atPath: box.root, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: box.file(domain)))
    return keys
  }

  /// Waits (10 s at most) until the domain file holds a key.
  static func waitForKey(_ key: String, _ box: Sandbox) throws {
    let saved = waitUntil(within: .seconds(10)) { (try? box.contents(domain))?[key] != nil }
    #expect(saved, "the app never saved \(key)")
  }

  @Test func everyAcknowledgedWriteSurvivesAnAppSavingInALoop() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let seeded = try Self.seed(box)
    let stop = box.directory.path("stop")
    let app = Process()
    app.executableURL = InteropTests.probe
    app.arguments = ["sync-loop", Self.domain, stop]
    app.environment = box.environment
    let output = Pipe()
    app.standardOutput = output
    try app.run()
    // An app left saving after a failed test would load every test after it (its stop
    // file's folder goes with the sandbox, so it would never stop).
    defer { if app.isRunning { app.terminate() } }
    try Self.waitForKey("AppCounter", box)

    var acknowledged: [Int] = []
    for index in 1...40 {
      let result = try box.runProcess("write", Self.domain, "Key\(index)", "-int", "\(index)")
      if result.status == 0 {
        acknowledged.append(index)
      } else {
        // The one other outcome: reported, never silent.
        #expect(result.status == 2 && result.stderr.contains("saved an older copy over this"))
      }
    }
    #expect(FileManager.default.createFile(atPath: stop, contents: nil))
    let rounds = Int(
      String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines))
    app.waitUntilExit()
    #expect(app.terminationStatus == 0)

    let contents = try box.contents(Self.domain)
    for index in acknowledged {
      #expect(contents["Key\(index)"] as? Int == index, "Key\(index) was acknowledged")
    }
    #expect(acknowledged.count >= 36)
    for key in seeded.keys { #expect(contents[key] != nil, "\(key)") }
    // The app's own key, as its last save left it.
    #expect(rounds != nil && contents["AppCounter"] as? Int == rounds)
  }
}

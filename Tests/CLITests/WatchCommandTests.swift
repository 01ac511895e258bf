import Foundation
import Testing

/// `watch` run as a separate process while another writes, renames and deletes.
@Suite("watch", .serialized)
struct WatchCommandTests {
  /// Starts `watch`, runs `actions`, stops it, returns what it printed.
  static func watching(_ box: Sandbox, _ arguments: [String], _ actions: () throws -> Void) throws
    -> String
  {
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["watch"] + arguments
    process.environment = box.environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    usleep(400_000)
    try actions()
    usleep(400_000)
    process.terminate()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text
  }

  @Test func printsReplayableChangesThroughReplacementDeletionAndRecreation() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let output = try Self.watching(box, ["com.w"]) {
      _ = try box.ok("write", "com.w", "a", "-int", "1")
      usleep(50_000)
      _ = try box.ok("write", "com.w", "b", "two words")
      usleep(50_000)
      _ = try box.ok("write", "com.w", "c", "{ x = (1); }")
      usleep(50_000)
      // Replace the file by a rename, as an editor or a sync tool would.
      let copy = box.directory.path("copy.plist")
      try Data("{ a = 2; }".utf8).write(to: URL(fileURLWithPath: copy))
      #expect(rename(copy, box.file("com.w")) == 0)
      usleep(50_000)
      try FileManager.default.removeItem(atPath: box.file("com.w"))
      usleep(50_000)
      _ = try box.ok("write", "com.w", "d", "-bool", "yes")
    }
    #expect(
      output == """
        plistctl write com.w a -int 1
        plistctl write com.w b -string 'two words'
        plistctl write com.w c '<dict><key>x</key><array><string>1</string></array></dict>'
        plistctl write com.w a -string 2
        plistctl delete com.w b
        plistctl delete com.w c
        plistctl delete com.w a
        plistctl write com.w d -bool true

        """)
  }

  @Test func watchesOneKeyAndReplays() throws {
    let box = try Sandbox()
    defer { box.remove() }
    let output = try Self.watching(box, ["-g", ":Deep:k"]) {
      _ = try box.ok("write", "-g", "Other", "1")
      usleep(50_000)
      _ = try box.ok("write", "-g", ":Deep:k", "-date", "2024-01-02 03:04:05 +0000")
    }
    #expect(output == "plistctl write -g :Deep:k -date 2024-01-02T03:04:05Z\n")
    // The printed line, run by a shell, sets the same value in another root.
    let replay = try Sandbox()
    defer { replay.remove() }
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c", output.replacingOccurrences(of: "plistctl", with: "\"$0\""), CLI.executable.path,
    ]
    shell.environment = replay.environment
    try shell.run()
    shell.waitUntilExit()
    #expect(try replay.ok("read", "-g", ":Deep:k") == "2024-01-02 03:04:05 +0000\n")
  }
}

// The start-up floor of a program that links Swift Concurrency, as plistctl did while PlistCore
// made its change streams itself (now they are compiled into their callers, see
// ChangeObservation.swift): a fully static no-op whose only difference from
// noop.swift is a function it never calls that makes an AsyncStream. Linking it brings in
// libdispatch, whose constructor runs at start-up.
@inline(never) func neverCalled() {
  let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
  continuation.finish()
  print(stream)
}
if CommandLine.argc < 0 { neverCalled() }

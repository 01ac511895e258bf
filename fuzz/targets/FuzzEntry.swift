#if canImport(Glibc)
  import Glibc
#endif

/// Which reader this run exercises: PLIST_FUZZ_FORMAT=xml|binary|openstep|json, or detection
/// (every reader, chosen as `PropertyList.decode` chooses) when unset.
let fuzzFormat: PlistFormat? = getenv("PLIST_FUZZ_FORMAT").flatMap { name in
  PlistFormat.allCases.first { $0.name == String(cString: name) }
}

/// PLIST_FUZZ_FORMAT=cloud: a replica's file through the reader and the merge
/// (CloudReplicaFuzz.swift).
let cloudMerge = getenv("PLIST_FUZZ_FORMAT").map { String(cString: $0) == "cloud" } ?? false

/// libFuzzer's entry point: one input, through the targets the environment chose; 0 always
/// (a finding is a crash or a failed precondition).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  if cloudMerge {
    fuzzCloudMerge(data, size)
  } else {
    exercise(data, size, as: fuzzFormat)
  }
  return 0
}

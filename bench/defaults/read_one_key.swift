// Start-up of a program that reads one key with PlistCore's Defaults (bench/run.sh defaults).
// The number goes out through fputs, as plistctl writes its output: `print` takes its
// arguments as `[Any]`, and the runtime's set-up of that array type (27 k instructions)
// measures the standard library, not Defaults; `print` of an Int, 0.4 M more.
import Glibc
import PlistCore

fputs(String(Defaults(suiteName: "com.example.bench")!.integer(forKey: "HPMapType")) + "\n", stdout)

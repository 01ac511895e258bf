// Start-up of a program that reads one key with PlistCore's Defaults (bench/run.sh defaults).
// The number goes out as plistctl writes its output, in one write(2): `print` takes its
// arguments as `[Any]`, and the runtime's set-up of that array type (27 k instructions)
// measures the standard library, not Defaults (`print` of an Int, 0.4 M more); stdio's
// `fputs` adds its buffer's set-up (an fstat, two ioctls: 1.6 k).
import Glibc
import PlistCore

var text = String(Defaults(suiteName: "com.example.bench")!.integer(forKey: "HPMapType")) + "\n"
_ = text.withUTF8 { write(STDOUT_FILENO, $0.baseAddress, $0.count) }

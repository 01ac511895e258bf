"""Turns bench/results/*.json (hyperfine) and *.rss (GNU time, KiB) into markdown tables of
medians and ratios. usage: report.py convert"""
import json
import math
import os
import statistics
import sys

RESULTS = "bench/results"
TOOLS = ["plistctl", "plistutil", "plistlib", "foundation"]


def medians(name):
    with open(os.path.join(RESULTS, name + ".json")) as f:
        data = json.load(f)
    return {r["command"]: statistics.median(r["times"]) for r in data["results"]}


def rss(name, tool):
    try:
        with open(os.path.join(RESULTS, "%s-%s.rss" % (name, tool))) as f:
            return int(f.read().split()[-1]) / 1024
    except (OSError, ValueError, IndexError):
        return None


def convert():
    print("# Conversion: plistctl vs plistutil, plistlib, Foundation\n")
    print("Median wall time (hyperfine), peak RSS (GNU time). `×` = how many times slower than")
    print("plistctl. Input sizes are the files converted.\n")
    scaling = {}
    for direction in ["xml-to-binary", "binary-to-xml"]:
        print("## %s\n" % direction)
        print("| input | tool | median | vs plistctl | peak RSS | RSS / input |")
        print("|---|---|---|---|---|---|")
        for size in [1, 10, 50]:
            name = "convert-%d-%s" % (size, direction)
            try:
                times = medians(name)
            except OSError:
                continue
            ext = ".xml" if direction == "xml-to-binary" else ".bin"
            input_mb = os.path.getsize("bench/data/mix-%d%s" % (size, ext)) / 2**20
            base = times["plistctl"]
            for tool in TOOLS:
                t = times.get(tool)
                if t is None:
                    continue
                scaling.setdefault((direction, tool), {})[size] = t
                peak = rss(name, tool)
                print("| %.1f MB | %s | %.1f ms | %.2f× | %s | %s |" % (
                    input_mb, tool, t * 1000, t / base,
                    "%.1f MB" % peak if peak else "?",
                    "%.2f" % (peak / input_mb) if peak else "?"))
        print()
    print("## Scaling from the 10 MB to the 50 MB input\n")
    print("How much longer the larger input takes, and that growth per doubling of the input")
    print("(2.00 is linear; the binary files grow by a little less than the XML ones).\n")
    print("| direction | input × | " + " | ".join(TOOLS) + " |")
    print("|---|---|" + "---|" * len(TOOLS))
    for direction in ["xml-to-binary", "binary-to-xml"]:
        ext = ".xml" if direction == "xml-to-binary" else ".bin"
        growth = (os.path.getsize("bench/data/mix-50" + ext)
                  / os.path.getsize("bench/data/mix-10" + ext))
        cells = []
        for tool in TOOLS:
            s = scaling.get((direction, tool), {})
            if 50 in s and 10 in s:
                ratio = s[50] / s[10]
                per_doubling = 2 ** (math.log2(ratio) / math.log2(growth))
                cells.append("%.2f× (%.2f per doubling)" % (ratio, per_doubling))
            else:
                cells.append("?")
        print("| %s | %.2f | %s |" % (direction, growth, " | ".join(cells)))


def latency():
    print("# Per-invocation latency\n")
    print("Median wall time of one run (hyperfine, 200 runs after 20 warm-ups), and the ratio to")
    print("the Swift no-ops and to git config. `noop` links the Swift runtime statically (libc")
    print("dynamically); `noop-static` is a fully static executable, linked as plistctl is.\n")
    for name, title in [("read-key", "read D K"), ("write-key", "write D K -int 1"),
                        ("read-domain", "read D"), ("domains", "domains")]:
        try:
            times = medians("latency-" + name)
        except OSError:
            continue
        noop = times.get("noop")
        static = times.get("noop-static")
        git = times.get("git-config")
        print("## %s\n" % title)
        print("| tool | median | vs noop | vs noop-static | vs git config |")
        print("|---|---|---|---|---|")
        for tool, t in times.items():
            print("| %s | %.2f ms | %s | %s | %s |" % (
                tool, t * 1000, "%.2f×" % (t / noop) if noop else "-",
                "%.2f×" % (t / static) if static else "-",
                "%.2f×" % (t / git) if git else "-"))
        print()


def defaults():
    times = {}
    rounds = 0
    for name in sorted(os.listdir(RESULTS)):
        if name.startswith("defaults-startup-") and name.endswith(".json"):
            rounds += 1
            with open(os.path.join(RESULTS, name)) as f:
                for r in json.load(f)["results"]:
                    times.setdefault(r["command"], []).extend(r["times"])
    med = {k: statistics.median(v) for k, v in times.items()}
    runs = min(len(v) for v in times.values())
    program, foundation = med["defaults-program"], med["foundation-program"]
    read, noop = med["plistctl-read"], med["noop-static"]
    print("# Defaults in a program\n")
    print("A domain of 20 keys written by Foundation's UserDefaults (XML), in a fresh")
    print("`XDG_CONFIG_HOME`. Programs: `defaults-program` prints")
    print("`Defaults(suiteName:)!.integer(forKey:)` (PlistCore, fully static, linked as plistctl is);")
    print("`foundation-program` the same with `UserDefaults` (`swiftc -O`, Foundation dynamic);")
    print("`plistctl-read` is `plistctl read com.example.bench HPMapType`; `noop-static` an empty")
    print("fully static Swift program. Each is timed as a fresh copy, all made together just before")
    print("(a program's start-up depends on how its file sits in the page cache: bench/run.sh).\n")
    print("## Start-up: one process reads one key\n")
    print("Median wall time of the whole process (hyperfine -N, %d runs each: %d rounds with the" % (runs, rounds))
    print("order rotated, 5 warm-ups per round).\n")
    print("| program | median | vs defaults-program | above noop-static |")
    print("|---|---|---|---|")
    for tool in ["defaults-program", "plistctl-read", "foundation-program", "noop-static"]:
        t = med[tool]
        print("| %s | %.3f ms | %.2f× | %+.3f ms |" % (tool, t * 1000, t / program, (t - noop) * 1000))
    print()
    print("- defaults-program / plistctl read: **%.2f** (goal ≤ 1.0)" % (program / read))
    print("- foundation-program / defaults-program: **%.1f×** (goal ≥ 3×)\n" % (foundation / program))
    per = {}
    with open(os.path.join(RESULTS, "defaults-per-call.txt")) as f:
        for line in f:
            impl, op, ns = line.split()
            per.setdefault((impl, op), []).append(float(ns))
    print("## Per call, inside one process\n")
    print("ns per call, median of %d runs (each run a new process on a fresh copy of the domain," %
          len(per[("defaults", "get")]))
    print("the two programs alternating; `CLOCK_MONOTONIC` around the loop, after one untimed read")
    print("that loads the file).\n")
    print("- get: 20,000 × `integer(forKey:)` of the same key. Defaults checks the files of the")
    print("  search list by identity on every lookup, so another process's write is seen at once:")
    print("  two `stat` calls here (the `ByHost` directory, absent, then the domain's file).")
    print("  Foundation answers from its in-memory cache, with no system call.")
    print("- set: 500 × `set(i, forKey:)`. Defaults: each call is a durable write — `flock` on the")
    print("  directory, read the file, write a temporary file, fsync, rename, fsync the directory.")
    print("  Foundation: `set` then `synchronize()` per call (`set` alone writes nothing to the file):")
    print("  it reads the file, rewrites it in place (truncated, no temporary file, no lock) and")
    print("  fsyncs it — one fsync, and a crash mid-write can leave a broken file.")
    print("- The files are on the benchmark's disk (`bench/data/defaults`), so fsync is real.")
    print("- The domain is dated two hours back, as one no app has saved lately: a write to a domain")
    print("  a Foundation app saved in the last ten minutes waits 10 ms more, for the check against")
    print("  the app's next save (docs/defaults-system.md).\n")
    print("| operation | Defaults | Foundation | Foundation / Defaults |")
    print("|---|---|---|---|")
    for op in ["get", "set"]:
        d = statistics.median(per[("defaults", op)])
        fd = statistics.median(per[("foundation", op)])
        print("| %s | %s ns | %s ns | %.2f× |" % (op, format(round(d), ","), format(round(fd), ","), fd / d))
    print()
    print("## Instructions (callgrind, whole process)\n")
    print("| program | instructions | vs defaults-program |")
    print("|---|---|---|")
    counts = {}
    with open(os.path.join(RESULTS, "defaults-callgrind.txt")) as f:
        for line in f:
            name, n = line.split()
            counts[name] = int(n)
    for tool in ["defaults-program", "plistctl-read", "plistctl-write", "foundation-program",
                 "noop-static"]:
        if tool in counts:
            print("| %s | %s | %.2f× |" % (tool, format(counts[tool], ","),
                                          counts[tool] / counts["defaults-program"]))
    print()
    print("- defaults-program / plistctl read: **%.2f** (goal ≤ 1.0); `plistctl-write` writes a new"
          % (counts["defaults-program"] / counts["plistctl-read"]))
    print("  key to a domain of plistctl's (no app saves it; no Settings schema).")


def race():
    rows = {}
    with open(os.path.join(RESULTS, "race.txt")) as f:
        for line in f:
            size, pause, lost, failed, rounds, seconds = line.split()
            rows.setdefault((size, int(pause)), []).append(
                (int(lost), int(failed), int(rounds), float(seconds)))
    print("# A running Foundation app and plistctl writing to its domain\n")
    print("The app (`UserDefaultsProbe sync-loop`) sets its own key and calls `synchronize()` again")
    print("and again; plistctl writes Key1…Key200, one process after another. Lost: writes that")
    print("exited 0 but are not in the file at the end; refused: writes that exited 2 (an app saved")
    print("over them every time they were made again). Three runs per line.\n")
    print("| domain | app pauses | lost | refused | app saves | time per write |")
    print("|---|---|---|---|---|---|")
    for (size, pause), runs in rows.items():
        lost = " / ".join(str(r[0]) for r in runs)
        failed = " / ".join(str(r[1]) for r in runs)
        saves = " / ".join(str(r[2]) for r in runs)
        per = statistics.median(r[3] for r in runs) / 200 * 1000
        domain = "9 keys" if size == "small" else "500 keys (44 KB)"
        print("| %s | %s | %s of 200 | %s | %s | %.1f ms |" % (
            domain, "%g ms" % (pause / 1000) if pause else "none", lost, failed, saves, per))


if __name__ == "__main__":
    {"convert": convert, "latency": latency, "defaults": defaults, "race": race}[sys.argv[1]]()

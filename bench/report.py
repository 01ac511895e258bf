"""Turns bench/results/*.json (hyperfine) and *.rss (GNU time, KiB) into markdown tables of
medians and ratios. usage: report.py convert|latency|defaults|cloud"""
import collections
import json
import math
import os
import re
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
    print("- get: 20,000 × `integer(forKey:)` of the same key. Defaults answers from a merged view")
    print("  of the search list, after one look at the process's inotify gate (a `read` that finds")
    print("  no event): another process's write is seen by the next get that starts after it.")
    print("  Foundation answers from its in-memory cache, with no system call, and misses it.")
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
    latencies = []
    with open(os.path.join(RESULTS, "defaults-latency.txt")) as f:
        for line in f:
            latencies.append(float(line.split()[1]))
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print("## Change delivery\n")
    print("`changes(forKeys:)` iterated by a task, as an app does; another process")
    print("(`plistctl write`) changes the key %d times, one after another. From the moment that" % len(latencies))
    print("process is seen to have exited (its write returned) to the task's receiving the change:\n")
    print("| median | 99th percentile | maximum |")
    print("|---|---|---|")
    print("| %.0f µs | %.0f µs | %.0f µs |" % (statistics.median(latencies), p99, latencies[-1]))
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


def pooled(prefix):
    """Times by command over the rounds of a rotated run (PREFIX-0.json, PREFIX-1.json…)."""
    times = {}
    rounds = 0
    for name in sorted(os.listdir(RESULTS)):
        if re.fullmatch(re.escape(prefix) + r"-\d+\.json", name):
            rounds += 1
            with open(os.path.join(RESULTS, name)) as f:
                for r in json.load(f)["results"]:
                    times.setdefault(r["command"], []).extend(r["times"])
    return times, rounds


def callgrind_profile(path):
    """Self cost by function, and calls between functions (count, inclusive cost), from a
    callgrind output file (names as written: run.sh demangles them)."""
    names = {}
    self_cost = collections.defaultdict(lambda: [0, 0, 0, 0])
    calls = collections.defaultdict(lambda: [0, [0, 0, 0, 0]])
    summary = None
    current = callee = None
    pending = 0

    def name(text):
        m = re.match(r"\((\d+)\)(?: (.*))?$", text)
        if not m:
            return text
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names[m.group(1)]

    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("fn="):
                current = name(line[3:])
            elif line.startswith("cfn="):
                callee = name(line[4:])
            elif line.startswith("calls="):
                pending = int(line[6:].split()[0])
            elif line.startswith("summary:"):
                summary = [int(x) for x in line.split()[1:]]
            elif line and (line[0].isdigit() or line[0] in "+-*"):
                costs = [int(x) for x in line.split()[1:]] + [0, 0, 0, 0]
                if pending:
                    call = calls[(current, callee)]
                    call[0] += pending
                    call[1] = [a + b for a, b in zip(call[1], costs)]
                    pending = 0
                else:
                    self_cost[current] = [a + b for a, b in zip(self_cost[current], costs)]
    return summary, self_cost, calls


def callgrind_stage(calls, prefix, within=None):
    """The calls into a function from the others (from WITHIN only, when given): count and
    inclusive cost. The function is every name that starts with PREFIX once `specialized `
    and the like are taken off (its thunks and specialisations counted once; its closures
    are inside it)."""
    def named(fn, start):
        return fn is not None and re.sub(
            r"^((specialized|merged|outlined|partial apply for|protocol witness for) )+", "",
            fn).startswith(start)
    count, cost = 0, [0, 0, 0, 0]
    for (caller, callee), (n, c) in calls.items():
        if named(callee, prefix) and not named(caller, prefix) and (
                within is None or named(caller, within)):
            count += n
            cost = [a + b for a, b in zip(cost, c)]
    return count, cost


def cloud():
    set_times, set_rounds = pooled("cloud-set")
    sync_times, sync_rounds = pooled("cloud-sync")
    st = {k: statistics.median(v) for k, v in set_times.items()}
    sy = {k: statistics.median(v) for k, v in sync_times.items()}
    sizes = {}
    with open(os.path.join(RESULTS, "cloud-sizes.txt")) as f:
        for line in f:
            key, *values = line.split()
            sizes[key] = [int(v) for v in values]

    def ms(t):
        return "%.2f ms" % (t * 1000) if t < 0.1 else "%.0f ms" % (t * 1000)

    print("# The cloud key-value store: cloud set and cloud sync\n")
    print("Two machines, each its own `HOME` and XDG directories, on one host. A full store: 1,023")
    print("strings of random letters and one integer (`Key`), %s bytes of values counted as" %
          format(sizes["store-bytes"][0], ","))
    print("the store counts them (binary plists) of the %s allowed; each replica's file" %
          format(sizes["store-bytes"][1], ","))
    print("holding them all is %s bytes of XML. The release binary, fully static." %
          format(sizes["replica-file"][0], ","))
    print("Medians of hyperfine -N runs in rounds, the order of the commands rotated each round,")
    print("times pooled.\n")

    runs = min(len(v) for v in set_times.values())
    print("## cloud set\n")
    print("`cloud set STORE Key -int 1` on A: a store of one key, and the full store (a folder")
    print("store and a git one: a write touches only the replica's own file, never git). Next")
    print("to `plistctl write D Key -int 1` on a domain of one key and one of the same 1,024 keys")
    print("(%s bytes of XML), and `git config --file F bench.key 1` on files of one key and of" %
          format(sizes["domain-file"][0], ","))
    print("the same keys (%s bytes). %d runs each (%d rounds).\n" %
          (format(sizes["gitconfig-file"][0], ","), runs, set_rounds))
    print("| store | cloud set | write | git config | cloud set / write | cloud set / git config |")
    print("|---|---|---|---|---|---|")
    for label, cloud_name, size in [("one key", "cloud-set-empty", "empty"),
                                    ("full (folder)", "cloud-set-full", "full"),
                                    ("full (git)", "cloud-set-full-git", "full")]:
        c, w, g = st[cloud_name], st["write-" + size], st["git-config-" + size]
        print("| %s | %s | %s | %s | %.2f× | %.2f× |" % (label, ms(c), ms(w), ms(g), c / w, c / g))
    print()
    print("From one key to the full store: cloud set %.1f×, write %.1f×, git config %.1f×.\n" % (
        st["cloud-set-full"] / st["cloud-set-empty"], st["write-full"] / st["write-empty"],
        st["git-config-full"] / st["git-config-empty"]))

    runs = min(len(v) for v in sync_times.values())
    print("## cloud sync of the full store between two replicas\n")
    print("B's syncs, %d runs each (%d rounds). *First*: B attaches the store A filled" % (runs, sync_rounds))
    print("(`cloud attach`, one `initialSync` of all 1,024 keys, B's own file then sent); before")
    print("each run B detaches and the store goes back to A's file alone. *One key changed*: A")
    print("sets Key to a new number (and, through git, syncs: commit, push), untimed; then B's")
    print("`cloud sync` (fetch, check out, merge, B's file rewritten, a copy committed and pushed). Git: a")
    print("bare repository on local disk, `file://`. Folder: both replicas attached to the same")
    print("path, as a replicated folder looks locally (the sync tool's own time not included).")
    print("Peers: `cp` of A's file (what a sync tool delivers, without fsync), `git clone` of the")
    print("store's repository in its first state, `git pull` of A's new commit into a plain clone,")
    print("`git push` of a one-line change to a copy of A's file.\n")
    print("| sync | folder | git | git / folder |")
    print("|---|---|---|---|")
    for label, folder, git in [("first (attach, initialSync)", "first-sync-folder", "first-sync-git"),
                               ("after one key changed", "sync-folder", "sync-git")]:
        print("| %s | %s | %s | %.1f× |" % (label, ms(sy[folder]), ms(sy[git]), sy[git] / sy[folder]))
    print()
    print("| peer | median | cloud sync / peer |")
    print("|---|---|---|")
    pull_push = sy["git-pull"] + sy["git-push"]
    for label, peer, ours in [("cp of A's file", sy["cp"], "first-sync-folder"),
                              ("git clone", sy["git-clone"], "first-sync-git"),
                              ("git pull", sy["git-pull"], "sync-git"),
                              ("git push", sy["git-push"], "sync-git"),
                              ("git pull + git push", pull_push, "sync-git")]:
        print("| %s | %s | %.2f× (%s) |" % (label, ms(peer), sy[ours] / peer, ours))
    print()
    before, after = sizes["repo-before"], sizes["repo-after"]
    print("The store's repository: %d commits and %.1f MB before the timed runs, %d commits and" %
          (before[1], before[0] / 1024, after[1]))
    print("%.1f MB after them (%.2f MB a commit: each changed replica file is a new loose" %
          (after[0] / 1024, (after[0] - before[0]) / 1024 / max(1, after[1] - before[1])))
    print("object until git gc packs it).\n")

    counts = {}
    with open(os.path.join(RESULTS, "cloud-callgrind.txt")) as f:
        for line in f:
            label, n = line.split()
            counts[label] = int(n)
    print("## Instructions (callgrind, whole process)\n")
    print("| command | instructions | vs write on the same size |")
    print("|---|---|---|")
    for label, base in [("cloud-set-empty", "write-empty"), ("cloud-set-full", "write-full"),
                        ("write-empty", "write-empty"), ("write-full", "write-full")]:
        if label in counts:
            print("| %s | %s | %.1f× |" % (label, format(counts[label], ","),
                                          counts[label] / counts[base]))
    print()
    print("Where the instructions go: inclusive counts of the steps (the calls into a function")
    print("from outside it, its thunks and specialisations counted once), with the system calls")
    print("they make and their time as measured under valgrind (slowed down; fsync's share is")
    print("the point).\n")
    print("### One cloud set on the full store\n")
    callgrind_table("cloud-profile-cloud-set-full", [
        ("the command", "CloudSetCommand.run(in:)"),
        ("its current values (to apply -int, -array-add…)", "CloudStore.values()"),
        ("the write: read, stamp, check, save", "CloudStore.write(_:)"),
        ("read and decode the replica's file", "CloudStore.replicaState()"),
        ("… its XML", "static XMLPlistReader.read("),
        ("… its entries", "ReplicaState.init(_:source:)"),
        ("the values shown within the limits", "CloudQuota.visible(_:)"),
        ("… each value's size: a binary plist written", "BinaryPlistWriter.emit(to:)",
         "CloudQuota.visible(_:)"),
        ("… a random hash seed per plist written", "swift_stdlib_random", "CloudQuota.visible(_:)"),
        ("… zero-filled hash slots per plist written", "__memset_avx2_unaligned_erms",
         "CloudQuota.visible(_:)"),
        ("the quota check (visible before and after)", "CloudQuota.check("),
        ("save: XML, atomic replace, fsync", "CloudStore.save(_:)"),
        ("… the file's property list", "ReplicaState.propertyList"),
        ("… its XML", "static XMLPlistWriter.write(_:to:)"),
        ("… fsync (file and directory)", "fsync")], top=12)
    print()
    print("### B's cloud sync (folder) after A changed one key\n")
    callgrind_table("cloud-profile-sync-folder", [
        ("the command", "CloudSyncCommand.run(in:)"),
        ("read and decode B's own file", "CloudStore.replicaState()"),
        ("read and decode A's file", "CloudStore.readOtherReplicas()"),
        ("the merge", "static CloudMerge.merge("),
        ("… per key, the winner of two equal (clock, replica): both values as binary plists",
         "static CloudEntry.tieBreak("),
        ("the values shown within the limits", "CloudQuota.visible(_:)"),
        ("the change to report", "static CloudChange.between("),
        ("save B's file: XML, atomic replace, fsync", "CloudStore.save(_:)")], top=6)


def callgrind_table(name, stages, top):
    summary, self_cost, calls = callgrind_profile(os.path.join(RESULTS, name + ".demangled"))
    total = summary[0]
    print("| step | function | calls | instructions | share | system calls | system time |")
    print("|---|---|---|---|---|---|---|")
    for what, prefix, *within in stages:
        n, cost = callgrind_stage(calls, prefix, *within)
        if n == 0:
            continue
        print("| %s | `%s` | %s | %s | %.1f%% | %s | %.2f ms |" % (
            what, prefix, format(n, ","), format(cost[0], ","), 100 * cost[0] / total,
            format(cost[1], ","), cost[2] / 1e6))
    print()
    merged = collections.defaultdict(lambda: [0, 0, 0, 0])
    for fn, cost in self_cost.items():
        key = re.sub(r"^((specialized|merged|outlined|partial apply for) )+", "", fn or "?")
        merged[key] = [a + b for a, b in zip(merged[key], cost)]
    print("Top functions by their own instructions (of %s in all):\n" % format(total, ","))
    print("| function | instructions | share |")
    print("|---|---|---|")
    for fn, cost in sorted(merged.items(), key=lambda kv: -kv[1][0])[:top]:
        print("| `%s` | %s | %.1f%% |" % (fn.replace("|", "\\|"), format(cost[0], ","),
                                        100 * cost[0] / total))


def pooled_medians(prefix):
    """Medians of every command over the rounds bench/results/PREFIX-N.json (not `pooled`,
    whose name this one shadowed: the cloud report then failed to unpack its result)."""
    times = {}
    for name in sorted(os.listdir(RESULTS)):
        if re.fullmatch(re.escape(prefix) + r"-\d+\.json", name):
            with open(os.path.join(RESULTS, name)) as f:
                for r in json.load(f)["results"]:
                    times.setdefault(r["command"], []).extend(r["times"])
    return {k: statistics.median(v) for k, v in times.items()}


def scale():
    print("# Scale (issue 12)\n")
    print("Medians of interleaved runs (hyperfine in rounds, the order rotated each round);")
    print("the ratio is plistctl's median over the peer's, in the same rounds.\n")
    print("| case | plistctl | peer | ratio | goal |")
    print("|---|---|---|---|---|")
    rows = [("scale-read", "read-xml", "git-get", "read one key, 100,001 keys, XML", "≤ 0.5"),
            ("scale-read", "read-binary", "git-get", "read one key, 100,001 keys, binary", "≤ 0.5"),
            ("scale-write", "write-xml", "git-set", "write one key, XML (fsync)", "≤ 0.8"),
            ("scale-write", "write-binary", "git-set", "write one key, binary (fsync)", "≤ 0.8"),
            ("scale-many", "domains", "ls", "domains, 2,000 domains / ls -1", "≤ 1.2"),
            ("scale-many", "find", "grep", "find WORD / grep -ril", "≤ 2"),
            ("scale-small", "read-small", "noop-static", "read D K, 21 keys / fully static no-op", "≤ 1.15"),
            ("scale-small", "read-small", "noop", "read D K, 21 keys / no-op, Swift runtime static", "≤ 1.15"),
            ("scale-small", "read-small", "noop-concurrency",
             "read D K, 21 keys / fully static no-op linking Swift Concurrency", "(reference)"),
            ("scale-convert", "plistutil-xml-to-binary", "xml-to-binary",
             "10 MB XML → binary: plistutil / plistctl", "≥ 12"),
            ("scale-convert", "plistutil-binary-to-xml", "binary-to-xml",
             "10 MB binary → XML: plistutil / plistctl", "≥ 3"),
            ("scale-hard", "plistutil-hard-xml-to-binary", "hard-xml-to-binary",
             "10 MB hard mix XML → binary: plistutil / plistctl", "≥ 12"),
            ("scale-hard", "plistutil-hard-binary-to-xml", "hard-binary-to-xml",
             "10 MB hard mix binary → XML, keys in made order: plistutil / plistctl", "≥ 3"),
            ("scale-hard", "plistutil-hard-sorted-binary-to-xml", "hard-sorted-binary-to-xml",
             "10 MB hard mix binary → XML, keys sorted: plistutil / plistctl", "≥ 3")]
    for prefix, a, b, title, goal in rows:
        m = pooled_medians(prefix)
        if a not in m or b not in m:
            continue
        print("| %s | %.2f ms | %.2f ms | %.2f | %s |" % (title, m[a] * 1000, m[b] * 1000,
                                                          m[a] / m[b], goal))
    print()
    memory()
    counts = {}
    with open(os.path.join(RESULTS, "scale-callgrind.txt")) as f:
        for line in f:
            name, n = line.split()
            counts[name] = int(n)
    print("| callgrind (whole process) | instructions |")
    print("|---|---|")
    for name, n in counts.items():
        print("| %s | %s |" % (name, format(n, ",")))

def memory():
    """The peak RSS of every conversion path (bench/run.sh memory, and the scale bench)."""
    try:
        with open(os.path.join(RESULTS, "scale-memory.txt")) as f:
            print("| conversion, 10 MB input | peak RSS | input | RSS / input (goal ≤ 3) |")
            print("|---|---|---|---|")
            for line in f:
                name, kib, size = line.split()
                ratio = int(kib) * 1024 / int(size)
                print("| %s | %.1f MB | %.1f MB | %s |" % (
                    name, int(kib) / 1024, int(size) / 2**20,
                    ("%.2f" if ratio <= 3 else "**%.2f** (over)") % ratio))
        print()
    except OSError:
        pass


def tools():
    """Issue 28: the compatibility modes' start-up against plistctl's own reads."""
    print("# Start-up of the plutil and PlistBuddy modes (issue 28)\n")
    print("Medians of interleaved runs (hyperfine in rounds, the order rotated each round),")
    print("each mode run through a link named as the tool; the ratios are over `read D` and")
    print("`read D K` of the 21-key domain, in the same rounds. Goal: ≤ 1 over `read D`.\n")
    m = pooled_medians("tools")
    counts = {}
    with open(os.path.join(RESULTS, "tools-callgrind.txt")) as f:
        for line in f:
            name, n = line.split()
            counts[name] = int(n)
    rows = [("read-domain", "plistctl read D (21 keys)"), ("read-key", "plistctl read D K"),
            ("plutil-info", "plutil -extract CFBundleVersion raw Info.plist (a real app's, 2.9 kB)"),
            ("buddy-info", "PlistBuddy -c 'Print :CFBundleVersion' Info.plist"),
            ("plutil-domain", "plutil -extract Key raw, the domain's file"),
            ("buddy-domain", "PlistBuddy -c 'Print :Key', the domain's file")]
    print("| command | median | ÷ read D | ÷ read D K | instructions |")
    print("|---|---|---|---|---|")
    for name, title in rows:
        if name not in m:
            continue
        print("| %s | %.3f ms | %.2f | %.2f | %s |" % (
            title, m[name] * 1000, m[name] / m["read-domain"], m[name] / m["read-key"],
            format(counts.get(name, 0), ",")))


if __name__ == "__main__":
    {"convert": convert, "latency": latency, "defaults": defaults, "cloud": cloud,
     "race": race, "scale": scale, "memory": memory, "tools": tools}[sys.argv[1]]()

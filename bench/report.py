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


if __name__ == "__main__":
    {"convert": convert, "latency": latency}[sys.argv[1]]()

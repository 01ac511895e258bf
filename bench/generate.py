"""Writes a realistic mix of plist values of about SIZE megabytes (as XML) to
OUT.xml and OUT.bin, with python3's plistlib: records like preference domains and
Info.plists — strings (some non-ASCII), integers of every width, reals, booleans, dates,
small data blobs, nested arrays and dictionaries.

usage: generate.py SIZE_MB OUT_PREFIX"""
import datetime
import plistlib
import random
import sys

WORDS = ["window", "frame", "recent", "Documents", "com.example", "enabled", "Größe", "名前",
         "tile-data", "file-label", "persistent-apps", "NSNavPanel", "autohide", "📁", "x"]


def word(r):
    return "".join(r.choice(WORDS) for _ in range(r.randrange(1, 4)))


def record(r, n):
    return {
        "Identifier": "com.example.app%d" % n,
        "Name": word(r) + " " + word(r),
        "Path": "/Applications/%s.app/Contents/%s" % (word(r), word(r)),
        "Count": r.randrange(0, 1000),
        "Size": r.randrange(0, 2 ** 40),
        "Offset": -r.randrange(0, 2 ** 31),
        "Scale": r.random() * 10,
        "Opacity": round(r.random(), 2),
        "Enabled": r.random() < 0.5,
        "Modified": datetime.datetime(2001, 1, 1) + datetime.timedelta(seconds=r.randrange(0, 8 * 10 ** 8)),
        "Bookmark": bytes(r.randrange(256) for _ in range(r.randrange(16, 200))),
        "Tags": [word(r) for _ in range(r.randrange(0, 6))],
        "Window": {"x": r.randrange(2000), "y": r.randrange(2000), "w": r.randrange(200, 2000),
                   "h": r.randrange(200, 1200), "Title": word(r), "Visible": r.random() < 0.8},
        "History": [{"At": r.random() * 1e9, "Action": word(r)} for _ in range(r.randrange(0, 4))],
    }


def main():
    size = float(sys.argv[1]) * 1024 * 1024
    prefix = sys.argv[2]
    r = random.Random(2026)
    probe = len(plistlib.dumps([record(random.Random(1), i) for i in range(200)])) / 200
    count = max(1, int(size / probe))
    value = {"Records": [record(r, i) for i in range(count)],
             "Version": 3, "Generated": datetime.datetime(2026, 11, 22)}
    with open(prefix + ".xml", "wb") as f:
        plistlib.dump(value, f, fmt=plistlib.FMT_XML)
    with open(prefix + ".bin", "wb") as f:
        plistlib.dump(value, f, fmt=plistlib.FMT_BINARY)


main()

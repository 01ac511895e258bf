"""Writes the data of bench/run.sh scale into OUT (a directory), with python3's plistlib:
  xml/com.example.big.plist, bin/com.example.big.plist — one domain of 100,001 keys (Key0 to
      Key99999, strings, and Key, the integer 1), as XML (5 MB) and as binary (3.9 MB);
  big.gitconfig — the same keys and values as git config's ini (section bench);
  many/ — 2,000 domains of 5 to 40 keys each (strings, numbers, booleans, dates, data, nested
      values), as Foundation writes them (XML), a tenth binary; the word "pigeon" is in the
      text of 1 % of them, in one key name, and in one domain name.

usage: scale.py OUT"""
import datetime
import os
import plistlib
import random
import sys

WORDS = ["window", "frame", "recent", "Documents", "enabled", "Größe", "名前", "tile-data",
         "autohide", "NSNavPanel", "orientation", "magnification", "largesize", "x"]


def big(out):
    domain = {"Key%d" % i: "value number %d" % i for i in range(100000)}
    domain["Key"] = 1
    for sub, fmt in [("xml", plistlib.FMT_XML), ("bin", plistlib.FMT_BINARY)]:
        os.makedirs(os.path.join(out, sub), exist_ok=True)
        with open(os.path.join(out, sub, "com.example.big.plist"), "wb") as f:
            plistlib.dump(domain, f, fmt=fmt, sort_keys=True)
    with open(os.path.join(out, "big.gitconfig"), "w") as f:
        f.write("[bench]\n")
        for key, value in domain.items():
            f.write("\t%s = %s\n" % (key.lower(), value))


def small(r, n):
    d = {}
    for k in range(r.randrange(5, 40)):
        word = r.choice(WORDS)
        kind = k % 7
        key = "%s%s%d" % (r.choice(WORDS).capitalize(), word, k)
        if kind == 0:
            d[key] = " ".join(r.choice(WORDS) for _ in range(r.randrange(1, 6)))
        elif kind == 1:
            d[key] = r.randrange(-2 ** 31, 2 ** 31)
        elif kind == 2:
            d[key] = r.random() < 0.5
        elif kind == 3:
            d[key] = r.random() * 1000
        elif kind == 4:
            d[key] = datetime.datetime(2001, 1, 1) + datetime.timedelta(seconds=r.randrange(8 * 10 ** 8))
        elif kind == 5:
            d[key] = bytes(r.randrange(256) for _ in range(r.randrange(8, 64)))
        else:
            d[key] = {"x": r.randrange(2000), "y": r.randrange(2000),
                      "Recent": [r.choice(WORDS) for _ in range(r.randrange(4))]}
    if n % 100 == 7:
        d["Note"] = "Homing Pigeon settings"
    if n == 1234:
        d["PigeonCount"] = 3
    return d


def many(out):
    r = random.Random(2026)
    directory = os.path.join(out, "many")
    os.makedirs(directory, exist_ok=True)
    for n in range(2000):
        name = "com.example.app%04d" % n if n != 42 else "com.example.pigeon"
        fmt = plistlib.FMT_BINARY if n % 10 == 3 else plistlib.FMT_XML
        with open(os.path.join(directory, name + ".plist"), "wb") as f:
            plistlib.dump(small(r, n), f, fmt=fmt, sort_keys=True)


big(sys.argv[1])
many(sys.argv[1])

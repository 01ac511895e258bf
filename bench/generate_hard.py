"""Writes a second mix of about SIZE megabytes (as XML) to OUT.xml and OUT.bin, with
python3's plistlib, made unlike generate.py's records so that the converters are not
measured only on the shape they were tuned on: no key list repeats (every dictionary has
keys of its own, many of them escaped or non-ASCII), most strings need escaping in XML
(`&`, `<`, `>`) or UTF-16 in binary (CJK, emoji, accented Latin), and the reals are the
hard ones to print and read: subnormals, the largest double, -0.0, 17 significant digits.
OUT.xml and OUT.bin keep the keys in the order they were made (`sort_keys=False`), as
CoreFoundation's hash order and libplist's insertion order leave them, so a binary-to-text
converter must sort every dictionary; OUT-sorted.bin is the same tree in plistlib's default
order (keys sorted), the order swift-foundation's encoder and plistctl write.

usage: generate_hard.py SIZE_MB OUT_PREFIX"""
import datetime
import plistlib
import random
import sys

ASCII = ["a & b", "<tag>", "x > y", "Tom & Jerry", "if (a < b)", "plain", "path/to/file",
         "quote \"q\"", "it's", "  spaced  ", "tab\there", "line\nbreak"]
REALS = [5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -0.0, 0.1, 1 / 3,
         -1.0000000000000002, 123456789.12345679, 9007199254740993.0, 1e22, 1e-7]


def cjk(r):
    return "".join(chr(r.randrange(0x4E00, 0x9FFF)) for _ in range(r.randrange(1, 12)))


def emoji(r):
    return "".join(chr(r.randrange(0x1F300, 0x1FAFF)) for _ in range(r.randrange(1, 4)))


def latin(r):
    return "".join(r.choice("àéîõüßçñøåÆŒ€") for _ in range(r.randrange(1, 8)))


def text(r):
    pieces = [r.choice([r.choice(ASCII), cjk(r), emoji(r), latin(r)])
              for _ in range(r.randrange(1, 5))]
    return " ".join(pieces)


def real(r):
    if r.random() < 0.5:
        return r.choice(REALS)
    return r.uniform(-1, 1) * 10 ** r.randrange(-300, 300)


def value(r, depth):
    roll = r.random()
    if depth < 4 and roll < 0.08:
        return {text(r) + " #%d" % i: value(r, depth + 1) for i in range(r.randrange(1, 8))}
    if depth < 4 and roll < 0.14:
        return [value(r, depth + 1) for _ in range(r.randrange(0, 8))]
    if roll < 0.55:
        return text(r)
    if roll < 0.75:
        return real(r)
    if roll < 0.85:
        return r.choice([r.randrange(-2 ** 63, 2 ** 63), r.randrange(-100, 100), 2 ** 63 - 1])
    if roll < 0.9:
        return bytes(r.randrange(256) for _ in range(r.randrange(0, 64)))
    if roll < 0.95:
        return r.random() < 0.5
    return datetime.datetime(1900, 1, 1) + datetime.timedelta(seconds=r.randrange(0, 6 * 10 ** 9))


def main():
    size = float(sys.argv[1]) * 1024 * 1024
    prefix = sys.argv[2]
    probe_random = random.Random(1)
    probe = len(plistlib.dumps(
        {"%s %d" % (text(probe_random), i): value(probe_random, 0) for i in range(2000)})) / 2000
    r = random.Random(2027)
    count = max(1, int(size / probe))
    root = {"%s %d" % (text(r), i): value(r, 0) for i in range(count)}
    with open(prefix + ".xml", "wb") as f:
        plistlib.dump(root, f, fmt=plistlib.FMT_XML, sort_keys=False)
    with open(prefix + ".bin", "wb") as f:
        plistlib.dump(root, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
    with open(prefix + "-sorted.bin", "wb") as f:
        plistlib.dump(root, f, fmt=plistlib.FMT_BINARY)


main()

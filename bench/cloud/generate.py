"""The full cloud store's contents for bench/run.sh cloud: 1,023 string values and one
integer (Key), as large as fits the store's 1 MB (each value counted as its binary plist's
size: 1,023 × 1,024 + 43 = 1,047,595 of 1,048,576 bytes). Random letters, one string per
key, so that git's zlib cannot fold the file down to one value (as it would with 1,023
copies of the same string).

Writes, into DIR: values.txt (one `KEY VALUE` per line, for `cloud set`), full.plist (the same
keys as a defaults domain, for `plistctl import`) and full.gitconfig (the same as `git config`
entries, a peer of similar size).

usage: generate.py DIR"""
import os
import plistlib
import random
import string
import sys

KEYS, TOTAL = 1024, 1_048_576


def size(value):
    return len(plistlib.dumps(value, fmt=plistlib.FMT_BINARY))


def main():
    out = sys.argv[1]
    budget = (TOTAL - size(1)) // (KEYS - 1)
    length = max(n for n in range(budget) if size("a" * n) <= budget)
    r = random.Random(10)
    values = {}
    for i in range(1, KEYS):
        values["Key%04d" % i] = "".join(r.choice(string.ascii_letters) for _ in range(length))
    total = sum(size(v) for v in values.values()) + size(1)
    assert total <= TOTAL, total
    with open(os.path.join(out, "values.txt"), "w") as f:
        for key, value in values.items():
            f.write("%s %s\n" % (key, value))
    with open(os.path.join(out, "full.plist"), "wb") as f:
        f.write(plistlib.dumps(dict(values, Key=1), fmt=plistlib.FMT_XML))
    with open(os.path.join(out, "full.gitconfig"), "w") as f:
        f.write("[bench]\n")
        for key, value in values.items():
            f.write("\t%s = %s\n" % (key.lower(), value))
        f.write("\tkey = 1\n")
    print("%d keys of %d characters; %d bytes of values" % (KEYS, length, total))


if __name__ == "__main__":
    main()

"""python3's plistlib as an independent oracle for PlistCore's tests.

  dump FILE...            print, as one JSON list, each file's value in typed-node form
                          ({"integer": "5"}, {"dict": {...}}; see shared/corpus/README.md),
                          or {"error": "..."} when plistlib refuses it
  make SEED COUNT DIR     write COUNT random values as DIR/N.xml, DIR/N.bin (plistlib's
                          writers) and DIR/N.json (the typed form)
  pair SEED COUNT DIR     write COUNT random values, each as both DIR/N.xml and DIR/N.bin,
                          with runs of records that share their keys, as real files have
"""
import base64
import datetime
import json
import plistlib
import random
import sys

EPOCH = datetime.datetime(2001, 1, 1)


def typed(v):
    if isinstance(v, bool):
        return {"bool": v}
    if isinstance(v, int):
        return {"integer": str(v)}
    if isinstance(v, float):
        return {"real": "nan" if v != v else repr(v)}
    if isinstance(v, str):
        return {"string": v}
    if isinstance(v, bytes):
        return {"data": base64.b64encode(v).decode()}
    if isinstance(v, datetime.datetime):
        return {"date": repr((v - EPOCH).total_seconds())}
    if isinstance(v, plistlib.UID):
        return {"uid": v.data}
    if isinstance(v, list):
        return {"array": [typed(x) for x in v]}
    if isinstance(v, dict):
        return {"dict": {k: typed(x) for k, x in v.items()}}
    raise TypeError(type(v))


def dump(paths):
    out = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                out.append(typed(plistlib.load(f)))
        except Exception as e:  # the oracle reports refusals, it does not judge them
            out.append({"error": "%s: %s" % (type(e).__name__, e)})
    json.dump(out, sys.stdout)


CHARS = ["a", "Z", "0", " ", "&", "<", ">", '"', "'", "\\", "é", "日本", "😀", "\t", "\n", "key", ":"]


def rand_value(r, depth, binary):
    if depth > 0 and r.random() < 0.3:
        if r.random() < 0.5:
            return {rand_string(r): rand_value(r, depth - 1, binary) for _ in range(r.randrange(6))}
        return [rand_value(r, depth - 1, binary) for _ in range(r.randrange(5))]
    kind = r.randrange(8 if binary else 7)
    if kind == 0:
        return rand_string(r)
    if kind == 1:
        return r.choice([r.randrange(-300, 300), -(2 ** 63), 2 ** 64 - 1, 2 ** 63, r.randrange(-(2 ** 63), 2 ** 64)])
    if kind == 2:
        return r.choice([0.1, 1.0, -0.5, 1e100, 1e-7, float("inf"), -float("inf"), r.uniform(-1e9, 1e9)])
    if kind == 3:
        return r.random() < 0.5
    if kind == 4:
        return EPOCH + datetime.timedelta(seconds=r.randrange(-10 ** 10, 10 ** 10))
    if kind == 5:
        return bytes(r.randrange(256) for _ in range(r.randrange(90)))
    if kind == 6:
        return rand_string(r) * 3
    return plistlib.UID(r.randrange(2 ** 32))


def rand_string(r):
    return "".join(r.choice(CHARS) for _ in range(r.randrange(10)))


def make(seed, count, directory):
    r = random.Random(seed)
    for n in range(count):
        xml_value = {rand_string(r): rand_value(r, 4, False) for _ in range(1 + r.randrange(5))}
        bin_value = {rand_string(r): rand_value(r, 4, True) for _ in range(1 + r.randrange(5))}
        with open("%s/%d.xml" % (directory, n), "wb") as f:
            plistlib.dump(xml_value, f, fmt=plistlib.FMT_XML)
        with open("%s/%d.bin" % (directory, n), "wb") as f:
            plistlib.dump(bin_value, f, fmt=plistlib.FMT_BINARY)
        with open("%s/%d.json" % (directory, n), "w") as f:
            json.dump({"xml": typed(xml_value), "bin": typed(bin_value)}, f)


def records(r):
    keys = sorted({rand_string(r) for _ in range(2 + r.randrange(6))})
    return [{k: rand_value(r, 1, False) for k in keys} for _ in range(2 + r.randrange(4))]


def pair(seed, count, directory):
    r = random.Random(seed)
    for n in range(count):
        value = {rand_string(r): rand_value(r, 3, False) for _ in range(1 + r.randrange(4))}
        value["records"] = records(r) + [records(r)] + records(r)
        for ext, fmt in (("xml", plistlib.FMT_XML), ("bin", plistlib.FMT_BINARY)):
            with open("%s/%d.%s" % (directory, n, ext), "wb") as f:
                plistlib.dump(value, f, fmt=fmt)


if __name__ == "__main__":
    if sys.argv[1] == "dump":
        dump(sys.argv[2:])
    elif sys.argv[1] == "make":
        make(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    elif sys.argv[1] == "pair":
        pair(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        sys.exit(__doc__)

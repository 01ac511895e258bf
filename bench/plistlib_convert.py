"""python3 plistlib as a converter, for the benchmarks: plistlib_convert.py xml|bin IN OUT"""
import plistlib
import sys

fmt = plistlib.FMT_XML if sys.argv[1] == "xml" else plistlib.FMT_BINARY
with open(sys.argv[2], "rb") as f:
    value = plistlib.load(f)
with open(sys.argv[3], "wb") as f:
    plistlib.dump(value, f, fmt=fmt)

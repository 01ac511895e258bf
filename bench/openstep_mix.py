"""Writes IN (any plist python3's plistlib reads) to OUT as XML with every integer, real,
boolean and date turned into its string, so that it can be converted to OpenStep, which
holds only strings, data, arrays and dictionaries: the OpenStep input of the memory bench.

usage: openstep_mix.py IN OUT"""
import datetime
import plistlib
import sys


def strings(value):
    if isinstance(value, dict):
        return {k: strings(v) for k, v in value.items()}
    if isinstance(value, list):
        return [strings(v) for v in value]
    if isinstance(value, (bool, int, float, datetime.datetime)):
        return str(value)
    return value


def main():
    with open(sys.argv[1], "rb") as f:
        value = plistlib.load(f)
    with open(sys.argv[2], "wb") as f:
        plistlib.dump(strings(value), f, fmt=plistlib.FMT_XML)


main()

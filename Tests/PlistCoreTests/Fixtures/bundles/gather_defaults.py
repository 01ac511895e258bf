#!/usr/bin/env python3
"""Factory defaults of each bundle here, read with plistlib: an oracle for SettingsSchema.

InAppSettingsKit's rule: every editable element's DefaultValue by Key (toggles, multi-values,
radio groups, sliders, text fields and views, custom views, date pickers), walking the panes
depth first and entering a child pane where it is referenced (each pane once); a later
duplicate key wins. Values are written in the tests' typed JSON ({"integer": "1"}, numbers as text).
"""
import base64, datetime, json, os, plistlib, sys

EDITABLE = {
    "PSToggleSwitchSpecifier", "PSMultiValueSpecifier", "PSRadioGroupSpecifier",
    "PSSliderSpecifier", "PSTextFieldSpecifier", "IASKTextViewSpecifier",
    "IASKCustomViewSpecifier", "IASKDatePickerSpecifier",
}

def typed(value):
    if isinstance(value, bool): return {"bool": value}
    if isinstance(value, int): return {"integer": str(value)}
    if isinstance(value, float): return {"real": repr(value)}
    if isinstance(value, str): return {"string": value}
    if isinstance(value, bytes): return {"data": base64.b64encode(value).decode()}
    if isinstance(value, datetime.datetime):
        epoch = datetime.datetime(2001, 1, 1)
        return {"date": repr((value.replace(tzinfo=None) - epoch).total_seconds())}
    if isinstance(value, list): return {"array": [typed(v) for v in value]}
    if isinstance(value, dict): return {"dict": {k: typed(v) for k, v in value.items()}}
    raise TypeError(value)

def gather(bundle):
    defaults, seen = {}, set()
    def visit(name):
        seen.add(name)
        path = os.path.join(bundle, name + ".plist")
        with open(path, "rb") as f:
            pane = plistlib.load(f)
        for element in pane.get("PreferenceSpecifiers", []):
            kind = element.get("Type")
            if kind == "PSChildPaneSpecifier":
                child = element.get("File")
                if child and child not in seen and os.path.isfile(os.path.join(bundle, child + ".plist")):
                    visit(child)
            if kind in EDITABLE and "Key" in element and "DefaultValue" in element:
                defaults.pop(element["Key"], None)  # a later duplicate wins, at its place
                defaults[element["Key"]] = element["DefaultValue"]
    visit("Root")
    return defaults

here = os.path.dirname(os.path.abspath(__file__))
result = {}
for name in sorted(os.listdir(here)):
    bundle = os.path.join(here, name, "Settings.bundle")
    if os.path.isdir(bundle):
        result[name] = {k: typed(v) for k, v in sorted(gather(bundle).items())}
json.dump(result, sys.stdout, indent=1, sort_keys=True, ensure_ascii=False)
print()

"""The Python API's modules (`tfl2quant.convert`, `check` and `report` are their entry points).

sources.py  where a model comes from (path, bytes, buffer, stdin)
convert.py  `convert` and the `Module` it returns
check.py    `check`, returning runtime_check's `CheckResult`
report.py   `report` and the `Report` it returns
"""

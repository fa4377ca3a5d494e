"""Runs `python -m engine simulate` inside Pyodide (the same entry point as on CPython)."""

from engine.surfaces.cli import main

status = main(
    ["simulate", "--rules", "standard", "--bots", "random,random", "--deals", "100", "--seed", "1", "--json"]
)
print(f"exit {status}")

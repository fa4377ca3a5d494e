"""The rules core: cards, rules, legality, tricks, scoring, the play kernel, deals, views, records.

The lowest layer: it imports nothing from `engine.ai`, `engine.analysis` or `engine.surfaces`
(the contract is in pyproject.toml, `[tool.importlinter]`).
"""

"""Badcase triage (DESIGN §9): where each expected document went, and which stage lost a case.

- :mod:`eval.triage.fates` — every expected document's rank at every stage the pipeline
  recorded, and whether it was indexed at all;
- :mod:`eval.triage.labels` — the failure taxonomy: one primary label per failing case, plus
  secondary ones, computed from the recorded fates and outcomes;
- :mod:`eval.triage.groups` — failing cases grouped by label;
- :mod:`eval.triage.badcases` — ``--to-suite``: failing cases as a regression suite.

Its page and text are :mod:`eval.report.triage`; the command is :mod:`eval.commands.triage`.
"""

"""Badcase triage (DESIGN §9): where each expected document went, and which stage lost a case.

- :mod:`eval.triage.fates` — every expected document's rank at every stage, and whether it was
  indexed at all;
- :mod:`eval.triage.labels` — the failure taxonomy: one primary label per failing case, plus
  secondary ones, computed from the recorded fates and outcomes;
- :mod:`eval.triage.report` — ``ragbench triage``: groups, journeys, ``triage.html``, ``--to-suite``.
"""

"""What a case expects and what a system did, by evidence level.

A case expects ``answer`` or ``refuse``, or asserts an exact level: ``partial``, ``conflict``
(two sources disagree) or ``background`` (related but insufficient). Behaviours are the same
levels as done: ``answered``, ``partial``, ``conflict``, ``background``, ``refused``.
``background`` and ``refused`` state no fact: for refusal accuracy both are declining, and a
``refuse`` case passes with either. An exact level passes only with that behaviour.
"""

from __future__ import annotations

EXPECTS = ("answer", "partial", "conflict", "background", "refuse")
BEHAVIOURS = ("answered", "partial", "conflict", "background", "refused")
DECLINES = frozenset({"refuse", "background"})           # expectations that state no fact
DECLINING = frozenset({"refused", "background"})         # behaviours that state no fact
LEVEL_OF = {"partial": "partial", "conflict": "conflict", "background": "background"}   # exact levels


def declined(behaviour: str | None) -> bool | None:
    return None if behaviour is None else behaviour in DECLINING

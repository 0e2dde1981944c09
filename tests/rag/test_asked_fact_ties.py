"""The asked fact's source is the same in every run (rag.answerability.asked_fact, evidence v82).

A window's share of the key terms was a float sum over a set, whose order follows the interpreter's hash seed; its
last bits then differed between runs, and two windows that tie in exact arithmetic swapped places (xuexiao-zh
"教职工旷工一天要扣多少钱？" named source [2] in one run and [1] in the next). The sum is now exact (math.fsum)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

_FIRST = "罚金为 300 元。"          # one key term, weight 0.6
_SECOND = "教职工旷工一天扣款 200 元。"   # three key terms, 0.1 + 0.2 + 0.3: 0.6 or 0.6000000000000001 by the order summed
_WEIGHTS = {"旷工": 0.1, "扣款": 0.2, "教职工": 0.3, "罚金": 0.6}

_RUN = """
import sys
sys.path.insert(0, {root!r})
from tests.rag.test_asked_fact_ties import asked_source
print(asked_source())
"""


def asked_source() -> tuple[int | None, float]:
    from rag.answerability.asked_fact import asked_fact
    from tests.rag.helpers import chunk, env, item

    items = [item(1, _FIRST, "fine"), item(2, _SECOND, "rules")]
    space = env([chunk("fine#1", _FIRST), chunk("rules#2", _SECOND)], language="zh")
    asked = asked_fact("旷工要扣多少钱？", items, space, dict(_WEIGHTS))
    return asked.source, asked.answer_type


def test_two_windows_that_tie_keep_the_first() -> None:
    source, typed = asked_source()
    assert (source, typed) == (1, 0.5)


def test_the_asked_source_is_the_same_under_every_hash_seed() -> None:
    root = str(Path(__file__).resolve().parents[2])
    seen = set()
    for seed in ("0", "1", "2", "3", "4", "5"):
        done = subprocess.run([sys.executable, "-c", _RUN.format(root=root)], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}, cwd=root, check=True)
        seen.add(done.stdout.strip())
    assert seen == {"(1, 0.5)"}

"""Stage effects: what switching one stage did to the cases written for it, and to the rest.

A sweep that names ``effects: {variant: [tags]}`` gets, per suite and variant, the cases tagged
for that variant's stage and every other case, each on the split given (``test`` by default,
all cases when a suite has no splits). A case passes or fails, and the pipeline is
deterministic, so each flip is a real change: the paired test is the exact McNemar test (a
binomial test on the flipped cases); with several suites a pooled ``(all)`` row adds them up.
The sign is *variant minus baseline*: a variant that
switches a stage off and loses its tagged cases shows that stage's worth as a negative number.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from eval.runs.log import CaseRecord


@dataclass(frozen=True)
class Slice:
    n: int
    baseline_passed: int
    variant_passed: int
    gained: int      # failed under the baseline, pass under the variant
    lost: int        # passed under the baseline, fail under the variant
    p_value: float   # exact McNemar, two-sided

    @property
    def delta(self) -> int:
        return self.variant_passed - self.baseline_passed


@dataclass(frozen=True)
class Effect:
    suite: str
    variant: str
    baseline: str
    tags: tuple[str, ...]
    split: str
    tagged: Slice
    elsewhere: Slice


def mcnemar(gained: int, lost: int) -> float:
    """Exact two-sided McNemar p-value: a binomial test of ``gained`` among the flips."""
    if gained + lost == 0:
        return 1.0
    from scipy import stats

    return float(stats.binomtest(gained, gained + lost, 0.5).pvalue)


def _slice(pairs: list[tuple[bool, bool]]) -> Slice:
    gained = sum(1 for b, v in pairs if v and not b)
    lost = sum(1 for b, v in pairs if b and not v)
    return Slice(len(pairs), sum(b for b, _ in pairs), sum(v for _, v in pairs), gained, lost, mcnemar(gained, lost))


def effects(cases: dict[str, list[CaseRecord]], wanted: dict[str, list[str]], baseline: str,
            split: str = "test") -> list[Effect]:
    """One :class:`Effect` per suite and variant of ``wanted`` that ran beside the baseline."""
    if baseline not in cases:
        return []
    out = []
    base = {(r.suite, r.case_id): r for r in cases[baseline]}
    suites = list(dict.fromkeys(r.suite for r in cases[baseline]))
    for variant, tags in wanted.items():
        if variant not in cases or variant == baseline:
            continue
        mine = {(r.suite, r.case_id): r for r in cases[variant]}
        pooled: tuple[list[tuple[bool, bool]], list[tuple[bool, bool]]] = ([], [])
        for suite in suites:
            keys = [k for k in base if k[0] == suite and k in mine]
            has_split = any(base[k].split for k in keys)
            chosen = [k for k in keys if not has_split or split == "all" or base[k].split == split]
            tagged, other = [], []
            for k in chosen:
                pair = (bool(base[k].passed), bool(mine[k].passed))
                (tagged if set(tags) & set(base[k].tags or []) else other).append(pair)
            out.append(Effect(suite, variant, baseline, tuple(tags), split if has_split else "all",
                              _slice(tagged), _slice(other)))
            pooled[0].extend(tagged)
            pooled[1].extend(other)
        if len(suites) > 1:   # every suite's cases together: more flips, more power
            out.append(Effect("(all)", variant, baseline, tuple(tags), split, _slice(pooled[0]), _slice(pooled[1])))
    return out


def to_json(found: list[Effect]) -> list[dict[str, Any]]:
    return [{**asdict(e), "tagged": {**asdict(e.tagged), "delta": e.tagged.delta},
             "elsewhere": {**asdict(e.elsewhere), "delta": e.elsewhere.delta}} for e in found]


def format_effects(rows: list[dict[str, Any]]) -> list[str]:
    if not rows:
        return []
    lines = ["", "stage effects (variant − baseline; pass counts; exact McNemar p on the flipped cases):"]
    for e in rows:
        t, o = e["tagged"], e["elsewhere"]
        lines.append(
            f"  {e['suite']:<8} {e['variant']:<20} [{', '.join(e['tags'])}] {e['split']}: "
            f"tagged {t['baseline_passed']}→{t['variant_passed']}/{t['n']} (+{t['gained']} −{t['lost']}, p={t['p_value']:.3g}); "
            f"elsewhere {o['baseline_passed']}→{o['variant_passed']}/{o['n']} (+{o['gained']} −{o['lost']}, p={o['p_value']:.3g})")
    return lines

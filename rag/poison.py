"""Poison scan: find instructions aimed at the model in a document's text.

With ``action: remove`` (the default) each sentence that carries one is cut out and the rest of
the document is indexed, so that legitimate questions about a page that also carries an
injected sentence can still be answered; every removal is reported (index report, ingest.json,
the chunk's ``sanitized`` label, the context stage of the trace). With ``action: quarantine``
the whole document is kept out of the index, as before. A document whose title carries an
instruction, or that has no text left after removal, is quarantined either way.

The rules are deliberately specific, so that ordinary policy text ("employees must submit
receipts") is not flagged; every rule has English and Chinese forms where both occur.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from rag.errors import ConfigError
from rag.registry import Registry


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    excerpt: str
    start: int = -1   # the match's span in the scanned text
    end: int = -1


Scanner = Callable[[str], list[Finding]]
scanners: Registry[Scanner] = Registry("poison_scan")

_EN_PRIOR = r"(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier|preceding|former|system)"
_ZH_PRIOR = r"(?:之前|以上|上述|前面|先前|此前|原有|系统)"

RULES: dict[str, re.Pattern[str]] = {
    "ignore-instructions": re.compile(
        rf"\b(?:ignore|disregard|forget|override|bypass)\s+{_EN_PRIOR}\s+"
        r"(?:instructions?|prompts?|rules|directions|context|guidelines)",
        re.IGNORECASE,
    ),
    "ignore-instructions-zh": re.compile(
        rf"(?:忽略|无视|忘记|忘掉|不要理会|绕过|覆盖)(?:掉)?(?:你)?(?:所有|全部|一切)?{_ZH_PRIOR}?"
        r"(?:的)?(?:所有|全部|一切)?(?:指令|指示|说明|规则|提示词?|要求|设定)"
    ),
    "role-marker": re.compile(
        r"(?im)^\s*(?:#+\s*)?(?:system|assistant|developer)\s*(?:prompt)?\s*[:：]"
        r"|<\|im_start\|>|<\|system\|>|\[/?INST\]|<<SYS>>|</?system>"
    ),
    "role-marker-zh": re.compile(r"(?m)^\s*[【\[]?\s*(?:系统|系统提示|助手)\s*[】\]]?\s*[:：]"),
    "must-answer": re.compile(
        r"\byou\s+(?:must|should|are\s+required\s+to|have\s+to|will)\s+(?:now\s+|always\s+)?"
        r"(?:answer|reply|respond|say|state|tell\s+(?:the\s+)?users?|output|claim)\b",
        re.IGNORECASE,
    ),
    "must-answer-zh": re.compile(
        r"(?:你|您|助手|AI|模型)(?:现在)?(?:必须|务必|一定要|只能|应当)(?:始终|总是)?"
        r"(?:回答|回复|告诉|声称|输出|说)"
    ),
    "new-persona": re.compile(
        r"\b(?:from\s+now\s+on,?\s+you\s+are|you\s+are\s+now\s+(?:a|an|the)\b|new\s+instructions?\s*[:：]"
        r"|reveal\s+(?:your\s+)?(?:system\s+)?prompt)",
        re.IGNORECASE,
    ),
    "new-persona-zh": re.compile(r"从现在(?:开始|起)[，,]?你(?:是|将|要)|新的?指令\s*[:：]|泄露(?:你的)?系统提示"),
}


@scanners.register("patterns", version="2")
def patterns(*, rules: list[str] | None = None, action: Literal["remove", "quarantine"] = "remove") -> Scanner:
    """Regular-expression rules over the cleaned text. ``rules`` narrows the set by name;
    ``action`` says what happens to a document with a finding (module docstring)."""
    unknown = sorted(set(rules or ()) - set(RULES))
    if unknown:
        raise ConfigError(f"unknown poison rule(s) {unknown}; known: {sorted(RULES)}")
    chosen = {name: RULES[name] for name in (rules or RULES)}

    def scan(text: str) -> list[Finding]:
        found = []
        for name, rule in chosen.items():
            for match in rule.finditer(text):
                lo, hi = max(0, match.start() - 20), min(len(text), match.end() + 20)
                found.append(Finding(name, text[lo:hi].replace("\n", " "), match.start(), match.end()))
        return sorted(found, key=lambda f: f.start)

    scan.action = action  # type: ignore[attr-defined]
    return scan


# a sentence ends at 。！？!? (with closing quotes), at ". " / ".\n", or at a line break
_SENTENCE_END = re.compile(r"[。！？!?][”’」』\"')）]*|\.(?=\s|$)|\n")
LINE_LIMIT = 400   # a line up to this long is removed whole: an injection's payload rides with it


def _unit(text: str, ends: list[int], f: Finding) -> tuple[int, int]:
    """The span to cut for a finding: its whole line when the line is short, else its sentence."""
    line_lo = text.rfind("\n", 0, f.start) + 1
    line_hi = text.find("\n", f.end)
    line_hi = len(text) if line_hi < 0 else line_hi
    if line_hi - line_lo <= LINE_LIMIT:
        return line_lo, line_hi
    lo = max((e for e in ends if e <= f.start), default=0)
    return lo, min((e for e in ends if e >= f.end), default=len(text))


def remove_passages(text: str, findings: list[Finding]) -> tuple[str, list[str]]:
    """``text`` without the passage of each finding (spans relative to ``text``) — its line,
    or its sentence on a long line — and the removed passages."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    cuts: list[tuple[int, int]] = []
    for lo, hi in sorted(_unit(text, ends, f) for f in findings):
        if cuts and lo <= cuts[-1][1]:
            cuts[-1] = (cuts[-1][0], max(hi, cuts[-1][1]))
        else:
            cuts.append((lo, hi))
    out, removed, cursor = [], [], 0
    for lo, hi in cuts:
        out.append(text[cursor:lo])
        removed.append(text[lo:hi].strip())
        cursor = hi
    out.append(text[cursor:])
    kept = re.sub(r"[ \t]+\n", "\n", "".join(out))
    return re.sub(r"\n{3,}", "\n\n", kept).strip(), removed


@scanners.register("none", version="1")
def none() -> Scanner:
    """Index everything (for measuring what quarantine is worth)."""
    return lambda text: []

"""Poison scan: find documents that carry instructions aimed at the model.

Such a document is quarantined (not indexed) and reported with the rule that matched. The
rules are deliberately specific, so that ordinary policy text ("employees must submit
receipts") is not flagged; every rule has English and Chinese forms where both occur.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rag.errors import ConfigError
from rag.registry import Registry


@dataclass(frozen=True, slots=True)
class Finding:
    rule: str
    excerpt: str


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


@scanners.register("patterns", version="1")
def patterns(*, rules: list[str] | None = None) -> Scanner:
    """Regular-expression rules over the cleaned text. ``rules`` narrows the set by name."""
    unknown = sorted(set(rules or ()) - set(RULES))
    if unknown:
        raise ConfigError(f"unknown poison rule(s) {unknown}; known: {sorted(RULES)}")
    chosen = {name: RULES[name] for name in (rules or RULES)}

    def scan(text: str) -> list[Finding]:
        found = []
        for name, rule in chosen.items():
            match = rule.search(text)
            if match:
                lo, hi = max(0, match.start() - 20), min(len(text), match.end() + 20)
                found.append(Finding(name, text[lo:hi].replace("\n", " ")))
        return found

    return scan


@scanners.register("none", version="1")
def none() -> Scanner:
    """Index everything (for measuring what quarantine is worth)."""
    return lambda text: []

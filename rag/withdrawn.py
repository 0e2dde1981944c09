"""Documents withdrawn in their own words.

A sidecar can say ``superseded_by: <id>`` or tag a document ``outdated``; foreign corpora often
only say it in the text ("This policy was withdrawn on …", "本办法已废止"). A notice about the
document itself — in its title, or a sentence of its opening that names *this* document —
marks it withdrawn: its metadata gets ``withdrawn: true`` and the tag ``outdated``, so the rules
reranker demotes it and context packing lets it give way to current documents unless the
question names its year or version. A current policy that withdraws *another* one ("2019 版
《出差管理规定》自本办法生效之日起废止", "replaces the 2021 rules, which are withdrawn") is not
marked, and neither is a word like "作废" about something else ("逾期作废").
"""

from __future__ import annotations

import re

HEAD_CHARS = 400

_STATE_EN = (r"(?:withdrawn|rescinded|revoked|repealed|superseded|obsolete|retired|"
             r"no\s+longer\s+(?:applies|valid|in\s+force|in\s+effect|current|used))")
_STATE_ZH = r"(?:已废止|已作废|已失效|已撤销|已停止执行|停止执行|不再适用|不再执行|不再有效|已被[^。\n]{0,20}?(?:取代|替代|代替))"
_TITLE = re.compile(rf"\b{_STATE_EN}\b|{_STATE_ZH}|[（(]\s*(?:\d{{4}}\s*(?:版|年)?\s*[，,、]?\s*)?(?:废止|作废|失效)\s*[)）]", re.I)
_SELF_EN = re.compile(
    r"\bthis\s+(?:policy|document|notice|guide|guideline|page|procedure|rule|rules|version|handbook|manual|memo|"
    r"standard|runbook|faq)\b[^.,;\n]{0,40}?\b(?:is|was|has\s+been|have\s+been|are|were)\s+(?:now\s+)?" + _STATE_EN,
    re.I)
_SELF_ZH = re.compile(r"本(?:办法|规定|文件|通知|制度|指南|手册|公告|文档|规则|细则|标准|流程|版本)[^。，,；\n《]{0,20}?" + _STATE_ZH)


def withdrawal_notice(title: str, text: str) -> str | None:
    """The phrase that says this document is withdrawn, if its title or opening says so."""
    match = _TITLE.search(title or "") or _SELF_EN.search(text[:HEAD_CHARS]) or _SELF_ZH.search(text[:HEAD_CHARS])
    return match.group(0) if match else None

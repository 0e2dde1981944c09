"""A question in parts: two questions in one message ("居家办公每周最多几天？电脑坏了多久响应？"),
or an enumeration the ``split`` transform cut into parts ("经理和总监的住宿标准分别是多少？").

No single sentence matches two questions, so the whole question's best sentence cannot decide
it. Each part is decided by the same rule over the same packed context, reading every packed
source (the one kept for a part may rank low for the whole question): answered when every part
is answered, ``partial`` (naming the parts without enough evidence) when some are not, refused
when none has evidence. A code of the message missing from every packed source refuses it whole; a
name that no document holds refuses the parts that name it (the message is partial when another part
has evidence), and the message whole when no part names it.
"""

from __future__ import annotations

from typing import Protocol

from rag.answerability import Answerability
from rag.types import ContextItem, Decision, QueryEnv


class Decider(Protocol):
    def __call__(self, question: str, context: list[ContextItem], env: QueryEnv, sources: int = ...) -> Decision: ...


def in_parts(decide: Decider) -> Answerability:
    """``decide`` applied to the whole question and, when ``split`` found parts, to each part."""

    def decide_parts(question: str, context: list[ContextItem], env: QueryEnv) -> Decision:
        asked = [p for p in env.facts.get("sub_queries", []) if p != question]
        whole = decide(question, context, env)
        if len(asked) >= 2 and "missing_codes" in whole.signals:
            # each part's code may stand in the source kept for that part, whatever its rank
            # ("VPN-809 和 MAIL-550 各怎么处理？")
            whole = decide(question, context, env, sources=len(context))
        if len(asked) < 2 or not context or "missing_codes" in whole.signals:
            return whole
        each = [decide(part, context, env, sources=len(context)) for part in asked]
        answered = [d for d in each if d.action in ("answer", "conflict")]
        signals = {**whole.signals, "parts": float(len(asked)),
                   "parts_answered": round(len(answered) / len(asked), 4)}
        unknown = "unknown_names" in whole.signals
        if unknown and not (answered and any("unknown_names" in d.signals for d in each)):
            # a name no document holds refuses the parts that name it, not the message: "Can I use the
            # guest Wi-Fi, and how many days of leave do I get?" is still answered for the leave — only
            # when a part names it (a fragment the parts dropped, "ZQX? What is …? How long …?", still
            # refuses the message whole) and another part is answered
            return whole
        if len(answered) == len(asked):
            if whole.action in ("answer", "conflict"):
                return Decision(whole.action, whole.reason, signals, whole.evidence)
            conflict = next((d for d in each if d.action == "conflict"), None)
            if conflict is not None:
                return Decision("conflict", conflict.reason, signals, conflict.evidence)
            return Decision("answer", f"every part has evidence ({len(asked)} parts): "
                                      + "; ".join(d.reason for d in each), signals)
        if any(d.action in ("answer", "conflict", "partial") for d in each):
            missing = [part for part, d in zip(asked, each, strict=True) if d.action not in ("answer", "conflict")]
            why = f" ({whole.reason})" if unknown else ""
            return Decision("partial", f"evidence for {len(answered)} of {len(asked)} parts; "
                                       f"none or too little for {missing}{why}", signals)
        return Decision("refuse", f"no part has evidence: {whole.reason}", signals, check=whole.check or "parts")

    return decide_parts

"""A sentence that says the asked fact is not known yet: "the venue has yet to be confirmed", "具体开幕时间尚未公布",
"the price was not disclosed".

A news passage written before the fact, or by a reporter who was not told it, holds the question's key terms and often a
candidate of the asked type beside them ("Tickets for the 2024 Kestrel Cup final will cost between £25 and £60, but the
venue for the final has yet to be confirmed."). The window says the fact is not known: the support
(:mod:`rag.answerability.asked_fact`) does not read it as holding the asked fact when its pending clause carries some of
the question and

- names the asked slot ("the venue", "the date", 时间, 人选, "the price"), and no clause of the window that holds a
  candidate of the asked type names it too, or
- carries more of the question than every clause of the window that holds a candidate
  ("The opening of the museum has been postponed until further notice.").

A pending clause that holds a candidate of the asked type states it ("played on 3 June at a venue to be confirmed",
"中考成绩将于7月5日公布", "尚未确定岗位的实习生每月补贴2000元") — unless it speculates about that candidate ("卫冕冠军沙澳海鹰队
被普遍视为夺冠热门", "Ann Lee is the favourite to win"). A clause that states a rule ("If the date is not yet confirmed,
call …", 如时间未定…) is no such statement, nor one whose pending word the question asks about ("考核结果什么时候公布？").

The phrases are a closed set (announced, confirmed, decided, disclosed … in English; 尚未公布, 待定, 未透露 … in Chinese), not
learned.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_DONE = (r"announced|confirmed|decided|determined|set|finali[sz]ed|named|released|published|revealed|agreed|fixed|"
         r"scheduled|disclosed|made public|chosen|selected|appointed|settled")
_PENDING_EN = re.compile(
    rf"\b(?:(?:is|are|was|were|has|have|had)\s+)?(?:yet to be|still to be|not yet (?:been )?|not (?:yet )?been|"
    rf"never been|remains? to be)\s*(?:{_DONE})\b|"
    rf"\b(?:is|are|was|were) not (?:yet )?(?:disclosed|announced|confirmed|revealed|made public|published)\b|"
    rf"\b(?:has|have|had|is|are|was|were)n['’]t (?:yet )?(?:been )?(?:{_DONE})\b|"
    rf"\b(?:did|does|do|would|will)n['’]t (?:disclose|reveal|say|confirm|give|name)\b|"
    rf"\brefused to (?:disclose|reveal|say|confirm|give|name|comment)\b|\bset to be (?:named|announced|appointed|confirmed)\b|"
    rf"\b(?:will|would|is to|are to|is due to|are due to)\s+be\s+(?:{_DONE})\s+(?:later|in due course|at a later date|"
    rf"nearer the time|separately|in the coming (?:days|weeks|months))\b|"
    rf"\bto be (?:confirmed|announced|decided|determined)\b|\bTB[CAD]\b|"
    rf"\b(?:has|have|had)\s+(?:yet|still)\s+to\s+(?:announce|confirm|decide|name|set|reveal|publish|disclose|choose)\b|"
    rf"\b(?:did|does|do|would|will) not (?:disclose|reveal|say|confirm|give|name)\b|\bdeclined to (?:disclose|reveal|say|"
    rf"confirm|give|name|comment)\b|\bundisclosed\b|\bno (?:date|time|venue|decision|timetable|price|figure|buyer|winner|"
    rf"name|details?) (?:has|have|had) (?:yet )?been\b|\b(?:remains?|is|are|was|were) (?:still )?(?:unclear|unknown|"
    rf"undecided|not known)\b|\b(?:postponed|delayed|suspended) (?:indefinitely|until further notice)\b|"
    # put off, with no new date ("has been delayed until next year"; never "postponed to 5 May", nor "payments delayed
    # by 30 days", which states a rule)
    rf"\b(?:has|have|had|was|were|is|are|been) (?:been )?(?:delayed|postponed|pushed back|put back|put on hold)\b"
    rf"(?!\s+(?:until|till|to|from)\s+(?:\d|(?:mid-?|early |late )?(?:january|february|march|april|may|june|july|"
    rf"august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    rf"the (?:\d|end|start|beginning|middle|spring|summer|autumn|winter)))", re.I)
_PENDING_ZH = re.compile(
    r"(?:尚未|暂未|还未|仍未|并未|未曾|尚无|暂无|还没有?|仍没有?|没有)(?:正式|对外|公开)?(?:公布|确定|公开|宣布|披露|决定|敲定|出炉|揭晓|"
    r"确认|定下|明确|官宣|发布|透露|选定|定档|定案)|待定|未定|待公布|待确认|另行(?:通知|公布|确定|告知|发布)|有待(?:确定|公布|确认|"
    r"进一步)|尚不(?:清楚|明确|确定|得而知)|(?:目前|暂时|现在)(?:还|仍|尚)?不(?:清楚|确定|明确)|不得而知|未(?:予)?(?:透露|披露|公布)|"
    r"不予(?:透露|披露|公布)|拒绝(?:透露|披露|置评)|未公开|不详|暂不(?:公布|透露|披露|确定)|尚无定论|还没定|"
    # what still needs a step before it is fact, and what will be decided or announced later
    r"(?:尚需|仍需|还需|尚待|仍待)[^，。；]{0,16}?(?:批准|审批|审议|核准|确认|公布|表决|通过)|"
    r"(?:将|将于|将在|预计将?|计划|有望)[^，。；]{0,12}?(?:确定|公布|揭晓|宣布|敲定|出炉|公示)|拟(?:入选|任|聘|录用|授予)|"
    # put off, with no new date (推迟到明年, 延期举行; never 推迟至5月10日)
    r"(?:推迟|延期|延后|暂缓)(?![^，。；]{0,4}?(?:至|到)[^，。；]{0,3}?[0-9０-９一二三四五六七八九十]+(?:月|日|号))")
# a clause that names who or what may come, not what came: the favourite, the shortlist, 有望, 热门, 入围 — unless the
# question asks about that very thing ("Who was shortlisted?", 哪些影片入围)
_SPECULATIVE_EN = re.compile(r"\b(?:favou?rites? (?:to|for)|tipped (?:to|for|as)|front-?runners?|shortlist(?:ed|s)?|"
                             r"poised to|nominated for|nominations? for|"
                             r"in the running|odds-on|expected to (?:win|be named|be appointed|take over)|"
                             r"(?:could|might) (?:win|be named|take over)|"
                             r"likely to (?:win|be named|be appointed|become|take over)|"
                             # a forecast, an analysts' consensus, a campaign or a bid for what is not yet decided
                             r"forecasters?|(?:is|are|was|were) forecast|forecast to|predicted to|projected to|"
                             r"consensus (?:forecasts?|estimates?)|analysts (?:expect|predict|forecast)|"
                             r"could (?:fall|reach|rise|hit|top|exceed|cost)|campaign to (?:persuade|attract|bring|win)|"
                             r"bid to (?:attract|host|win|secure|land|bring)|(?:hopes?|hoping) to (?:attract|host|win|secure|land))\b",
                             re.I)
_SPECULATIVE_ZH = re.compile(r"有望|热门人选|料将|提名|争夺|冲击(?=[^，。；]{0,6}?(?:冠|金牌|奖|亿|万|纪录))|夺冠热门|大热门|呼声(?:最高|较高|很高)|被看好|或将|可能(?:成为|出任|接任|夺得|获得)|入围|角逐|竞购|"
                             r"传闻|据传|猜测")
# a clause that states a rule for the case where the fact is unknown: "If the date is not yet confirmed", 如时间未定
_CONDITION = re.compile(r"^\s*(?:if|unless|where|when|until|once|in case)\b|^\s*(?:如|如果|若|假如|倘若|一旦)", re.I)
# a clause: up to a comma, a colon, a dash or a sentence's end (never the point of "£1.2bn")
_CLAUSE = re.compile(r"(?:[^,，;；:：—。！？!?.]|\.(?!\s|$))+")
# the slot each asked type names ("the venue has yet to be confirmed" of a "where"), in both languages
_SLOTS = {
    "date": r"\b(?:date|dates|time|times|timing|day|start|opening|deadline|timetable|schedule)\b|时间|日期|时候|日子|档期|时段|天数",
    "place": r"\b(?:venue|venues|location|site|place|host|address|route)\b|地点|场地|地址|举办地|选址|场馆|地方",
    "person": r"\b(?:name|names|identity|winner|successor|replacement|appointment|candidate|line-up|squad)\b|人选|名单|身份|姓名|"
              r"继任者|得主|获得者",
    "organisation": r"\b(?:buyer|bidder|name|names|partner|sponsor|contractor|operator|winner)\b|买家|买方|名单|合作方|承建方|"
                    r"运营方|得主",
    "number": r"\b(?:price|prices|cost|costs|amount|sum|figure|figures|fee|fees|value|terms|total|number|size|rate)\b|金额|"
              r"价格|数额|数字|费用|价码|估值|总额|数量|人数|条款|比例",
}


def pending_clause(sentence: str, question: str = "") -> str | None:
    """The clause of ``sentence`` that says a fact is not known yet (undecided, unannounced, undisclosed, or only
    expected: the favourite, the shortlist, 有望); None when none does, or when the one that does states a rule for that
    case. A clause whose pending word the ``question`` holds answers it: "When will the venue be confirmed?",
    "考核结果什么时候公布？" against "结果将于次月公布", "Who was shortlisted?"."""
    for clause in _CLAUSE.findall(sentence):
        if _CONDITION.search(clause):
            continue
        for pattern in (_PENDING_EN, _PENDING_ZH, _SPECULATIVE_EN, _SPECULATIVE_ZH):
            if (m := pattern.search(clause)) and not _asked_itself(m.group(), question):
                return clause
    return None


def _speculates(clause: str, question: str) -> bool:
    """The clause speculates about its candidate ("卫冕冠军沙澳海鹰队被普遍视为夺冠热门", "本片有望冲击60亿票房", "Ann Lee is
    the favourite to win"): a candidate it holds is the one speculated about, not a fact. Never a speculative word that
    only describes a noun ("入围决赛的队伍将获得5000元", "在争夺总冠军的比赛中击败…", "the shortlisted artists receive £500")."""
    for pattern in (_SPECULATIVE_EN, _SPECULATIVE_ZH):
        for m in pattern.finditer(clause):
            if _asked_itself(m.group(), question):
                continue
            if re.match(r"[^，。；,]{0,8}?的", clause[m.end():]) or (
                    m.group().lower().startswith(("shortlist", "nominat"))
                    and re.search(r"\b(?:the|a|an|its|their|all|two|three|four|five|six)\s+$", clause[:m.start()], re.I)):
                continue
            return True
    return False


def _asked_itself(phrase: str, question: str) -> bool:
    """The question holds the pending phrase's word: its longest English word's first five letters, or the two
    characters that end (a verb: 将于…公布) or open (有望, 入围) a Chinese phrase."""
    q = question.lower()
    if phrase.isascii():
        word = max(re.findall(r"[a-z-]+", phrase.lower()) or [""], key=len)
        return len(word) >= 4 and word[:5] in q
    return phrase[-2:] in q or phrase[:2] in q


def says_pending(sentences: list[str], kind: str, question: str, share: Callable[[str], float],
                 has_candidate: Callable[[str], bool]) -> bool:
    """Whether the window ``sentences`` says the fact a question of the asked ``kind`` asks is not known yet: a pending
    clause that holds no candidate of the asked type itself ("played on 3 June at a venue to be confirmed" states the
    date; "尚未确定岗位的实习生每月补贴2000元" the amount) and that carries some of the question (``share``) and either
    names the asked slot, unless another clause of the window with a candidate (``has_candidate``) names it too
    ("开放时间为8:00-17:00，节假日开放时间另行通知"), or carries more of the question than every such clause. A pending
    slot of something the question does not ask ("the date of the final has yet to be confirmed" beside "Tickets go on
    sale on Friday", for when tickets go on sale) carries none of it."""
    for sentence in sentences:
        if (clause := pending_clause(sentence, question)) is None or (has_candidate(clause) and not _speculates(clause, question)):
            continue
        own = share(clause)
        if own <= 0:
            continue
        typed = [c for s in sentences for c in _CLAUSE.findall(s) if c != clause and has_candidate(c)]
        if _names_slot(clause, kind) and not any(_names_slot(c, kind) for c in typed):
            return True
        if all(share(c) < own for c in typed):
            return True
    return False


def _names_slot(clause: str, kind: str) -> bool:
    slot = _SLOTS.get(kind)
    return bool(slot and re.search(slot, clause, re.I))

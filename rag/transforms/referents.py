"""Who or what an earlier turn names, which a later pronoun points at: the role or person an answer to "谁 / who" names
("须立即报值班经理…" → 值班经理, for "他的分机是多少？"), the one post or person an English question names itself ("… the Duty
Port Manager at Westhaven?", for "And where is their office?"), and the one thing a short answer names when the question
asked which thing of a kind ("What qualification …?" — "A valid National Pool Lifeguard Qualification (NPLQ).", for "How
often does it have to be renewed?"). Split from :mod:`rag.transforms.slots`, which swaps a follow-up's slot."""

from __future__ import annotations

import re

from rag.answer_types import asked_type
from rag.text import EN_FUNCTION_WORDS
from rag.transforms.slots import DUMMY_IT

# a person pointed back at: "他的分机是多少？", "What's her extension?", "Can I email them?"
_ZH_PERSON_POINTER = re.compile(r"(?<!其)[他她]们?")
_EN_PERSON_POINTER = re.compile(r"(?<![\w-])(?:he|she|him|her|his|hers|they|them|their)(?![\w-])", re.I)
# (they / them / their point at a person only when a way to reach someone is asked: "Are they reimbursed monthly?"
# after "Who approves expenses?" is about the expenses)
_EN_REACH = re.compile(r"\b(?:extension|phone|call|ring|number|e-?mail|address|office|room|desk|hours|name|contact)\b", re.I)
# the role an answer to "谁 / who" names: the words before a role noun, after the verb that points at it
# ("须立即报值班经理（MOD）", "由安全员负责", "找人事专员"); in English a capitalised role ("the Duty Manager") or
# a role noun with the word before it ("your line manager")
_ZH_ROLE = re.compile(r"(?:报|找|联系|由|请|交|向|给|问|通知|打给|是|归)([\u4e00-\u9fff]{0,5}?(?:经理|主管|主任|专员|总监|"
                      r"负责人|管理员|安全员|值班员|组长|班长|队长|科长|处长|部长|校长|院长|老师|医生|秘书|助理|前台|"
                      r"[\u4e00-\u9fff]员))")
# a person the question names itself, whom its pronoun points at
_ZH_SOMEONE = re.compile(r"老婆|老公|妻子|丈夫|爱人|孩子|儿子|女儿|父母|爸|妈|同事|朋友|家人|客户|学生|家长|领导")
# (or someone it names in general: "Can an employee take her dog to work?", "Can a new starter bring his own laptop?")
_EN_SOMEONE = re.compile(r"\b(?:wife|husband|partner|son|daughter|child|kid|mum|mom|dad|mother|father|colleague|friend|"
                         r"boss|customer|client|student|parent|guest|visitor|employee|starter|staff|worker|member|person|"
                         r"someone|anyone|volunteer|contractor|agent|driver|nurse|teacher|pupil|patient|resident|user|"
                         r"applicant)s?\b", re.I)
_EN_CONDITION = re.compile(r"\b(?:[Ii]f|[Uu]nless|[Ww]hen|[Ww]hile)\b[^,.;]*,")
# (a title's words may be joined by "and", "of" or "&": the Health and Safety Advisor, the Head of Operations Team)
_EN_ROLE = re.compile(r"\b(?i:the|your|a|an|our)\s+((?:(?!(?:Manager|Officer|Supervisor|Director|Lead|Coordinator|"
                      r"Administrator|Team|Desk|Controller|Adviser|Advisor)\b)[A-Z][\w-]*\s+(?:(?:and|of|&)\s+)?){0,3}(?:Manager|Officer|Supervisor|Director|Lead|"
                      r"Coordinator|Administrator|Team|Desk|Controller|Adviser|Advisor)|(?:[a-z-]+\s+)?(?:manager|officer|"
                      r"supervisor|director|lead|coordinator|administrator|controller|adviser|advisor))\b")


def answered_person(question: str, answer: str, language: str) -> str:
    """The person or role the assistant's answer named, when the question it answered asked who ("要找谁来处理？"
    → "须立即报值班经理（MOD）…" → 值班经理); "" otherwise."""
    if not answer or asked_type(question) != "person":
        return ""
    if language == "en":
        # the role of the main clause, not of a condition before it ("If your manager is away, the Duty Officer …")
        found = _EN_ROLE.search(_EN_CONDITION.sub(" ", answer))
        if found:
            return found.group(1)
        # …else the one person a short answer names: "Who is the Senior Conservator?" — "Dr Mei Lin Foster."
        named = people_in(answer)
        return named[0] if len(named) == 1 and len(answer.split()) <= 12 else ""
    found = _ZH_ROLE.search(answer)
    if not found:
        return ""
    # what a verb or a preposition inside the run leaves ("报销单由部门经理" → 部门经理, "及时向直属主管" → 直属主管), and
    # never the second character of a two-character verb (报告 → 告部门负责人)
    role = re.sub(r"^.*[由向给找请交问把被对]", "", found.group(1))
    return re.sub(r"^[告销备送名]", "", role)


# an English question that asks which thing of a kind ("What qualification do you need …?", "Which form do I fill in?"):
# what / which and a noun, never an auxiliary, a time or a pronoun after it
_EN_ASKS_THING = re.compile(r"^\s*(?:[Ww]hat|[Ww]hich)\s+(?:kind\s+of\s+|type\s+of\s+|sort\s+of\s+)?(?!(?:is|are|was|were|do|does|"
                            r"did|can|could|should|would|will|must|may|might|has|have|had|happens|if|about|time|day|date|"
                            r"year|month|week|hour|I|you|we|they|he|she|it)\b)([a-z][a-z-]+)\s+(?:do|does|did|is|are|should|"
                            r"must|can|will|would|has|have)\b")
# a name an answer gives: capitalised words (joined by "of", "and", "&"), with the abbreviation after it in brackets
_EN_THING = re.compile(r"(?<![\w-])[A-Z][\w'’-]*(?:\s+(?:(?:of|and|&|for)\s+)?[A-Z][\w'’-]*)*(?:\s+\d[\w-]*)?"
                       r"(?:\s*\([A-Z0-9][\w-]*\))?")
# what opens an answer's clause before the name it gives, and is none of it: an article, a pronoun, an imperative verb
_EN_BEFORE_THING = re.compile(r"^(?:(?:A|An|The|You|Yes|No|Your|Our|My|Contact|Use|Ask|Call|Email|E-mail|Phone|Ring|See|Complete|"
                              r"Fill|Send|Book|Go|Visit|Speak|Talk|Log|Apply|Submit|Try|Check)\s+)+")


def answered_thing(question: str, answer: str, language: str) -> str:
    """The one thing a short English answer names, when the question it answered asked which thing of a kind ("What
    qualification do you need to work as a pool lifeguard?" — "A valid National Pool Lifeguard Qualification (NPLQ)." →
    National Pool Lifeguard Qualification (NPLQ)): what a later "it" points at. "" otherwise — in Chinese, for a long
    answer, one that does not write the kind asked, or one naming no thing or several ("a valid IPAF card for MEWP
    category 3a")."""
    asked = _EN_ASKS_THING.match(question) if language == "en" else None
    if asked is None or not answer or len(answer.split()) > 14:
        return ""
    # the kind asked must be what the answer gives ("… Qualification (NPLQ)", "the OT1 form"): a team, a system or a room
    # an answer names for "Which team do I tell about my maternity leave?" is not what a later "it" ("How long is it?")
    # points at — the leave is
    kind = asked.group(1).lower().removesuffix("s")
    if not any(w.lower().removesuffix("s") == kind for w in re.findall(r"[A-Za-z][\w-]*", answer)):
        return ""
    said = {w.lower() for w in re.findall(r"[A-Za-z][\w'-]*", question)}
    # (the sentence's first word is capitalised as every first word is: "A valid …", "You need …", "Yes, …")
    names = [m.group().strip() for m in _EN_THING.finditer(answer)
             if not (m.start() == 0 and len(m.group().split()) == 1 and m.group().lower() in EN_FUNCTION_WORDS | {"you", "yes", "no"})]
    names = [_EN_BEFORE_THING.sub("", n) for n in names]
    names = [n for n in names if n and not {w.lower() for w in re.findall(r"[A-Za-z][\w'-]*", n)} <= said]
    if len(names) != 1:
        return ""
    # (a single capitalised word may be any word that opens a clause: a name of two words or more, or an abbreviation)
    return names[0] if len(names[0].split()) >= 2 or names[0].isupper() else ""


def resolve_thing(question: str, thing: str, language: str) -> str | None:
    """The question with its "it" / "its" replaced by ``thing`` ("How often does it have to be renewed?" → "How often does
    National Pool Lifeguard Qualification (NPLQ) have to be renewed?"); None when it has no such pointer or is long."""
    if not thing or language != "en" or len(question.split()) > 10:
        return None
    match = re.search(rf"(?<![\w-])(?:[Ii]t{DUMMY_IT}|[Ii]ts)(?![\w-])", question)
    if match is None:
        return None
    replacement = f"{thing}'s" if match.group().lower() == "its" else thing
    return question[: match.start()] + replacement + question[match.end():]


def named_person(previous: str, language: str) -> str:
    """The one post or person an English question names itself ("What's the extension for the Duty Port Manager at
    Westhaven?" → "Duty Port Manager"): what a later "his", "her" or "their office" points at; "" when it names none or
    several (and in Chinese, where a role names no one without its verb)."""
    if language != "en":
        return ""
    named = list(dict.fromkeys([m.group(1) for m in _EN_ROLE.finditer(previous)] + people_in(previous)))
    return named[0] if len(named) == 1 else ""


def people_in(text: str) -> list[str]:
    """The people's names ``text`` writes (``rag.holders.names_in``), without a possessive's "'s", and never the opening
    of a question ("Can I", "Will I"), which that reader, made for sources, may take for one."""
    from rag.holders import names_in

    names = [re.sub(r"['’]s$", "", name) for name in names_in(text)]
    return [name for name in dict.fromkeys(names)
            if name.split()[0].lower() not in EN_FUNCTION_WORDS and "I" not in name.split()]


def resolve_person(question: str, person: str, language: str) -> str | None:
    """The question with the pronoun that points at ``person`` replaced by it ("他的分机是多少？" → "值班经理的分机是多少？",
    "What's his extension?" → "What's the Duty Manager's extension?"); None when it points at nobody."""
    match = (_ZH_PERSON_POINTER if language != "en" else _EN_PERSON_POINTER).search(question)
    if not person or match is None:
        return None
    # a follow-up: short ("我老婆怀孕了，她能休几天产假？", "My wife is pregnant — how long is her leave?" point at
    # someone they name)
    if len(question) > 12 if language != "en" else len(question.split()) > 8:
        return None
    if (_ZH_SOMEONE if language != "en" else _EN_SOMEONE).search(question[: match.start()]):
        return None
    if language != "en":
        return question[: match.start()] + person + question[match.end():]
    word = match.group().lower()
    if word in ("they", "them", "their") and not _EN_REACH.search(question):
        return None
    said = person if people_in(person) == [person] else f"the {person}"   # a name takes no article
    # ("her" owns only what follows it: "Can I call her?" calls the Duty Manager)
    owning = word in ("his", "hers", "their") or (word == "her" and re.match(r"\s+[A-Za-z]", question[match.end():]))
    replacement = f"{said}'s" if owning else said
    if match.start() == 0:
        replacement = replacement[:1].upper() + replacement[1:]
    return question[: match.start()] + replacement + question[match.end():]

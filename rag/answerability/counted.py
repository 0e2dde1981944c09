"""What a "how many" question counts, and whether a sentence counts it.

"伊丽莎白港机场有几条跑道？" asks a number of runways: "机场又有13个停机坪" states a number, of stands, and answers
nothing. :func:`counted_noun` reads the counted thing (跑道, "runways") off the question; :func:`counts` says whether
a sentence writes a number (never a year or a designation) beside that thing (or a two-character piece of it: 指标 for
评分指标). A
thing of one Chinese character (几个人, 多少次) or a unit of measure (days, 元, 公里: :mod:`rag.measures` reads those)
asks nothing this module checks, nor does an ordinal (第几张, "which edition") or a count of the asker's own.
"""

from __future__ import annotations

import re

from rag.measures import asked_measure
from rag.text import CJK, two_char_pieces, zh_tagged

_ZH_COUNT = re.compile(r"(?<!第)(?:几|多少)(?=[\u4e00-\u9fff])")
_ZH_CLASSIFIER = re.compile(r"^(?:个|名|位|条|项|家|座|所|种|类|部|张|本|届|场|件|支|台|辆|架|艘|层|栋|幢|间|门|首|篇|枚|块|只|头|"
                            r"匹|颗|根|片|处|路|批|组|队|对|双|套|份|道|级|期|集|季|章|节|款|号|任)$")
# what jieba tags a noun, a name, a place or an organisation, and the noun-like verbs it tags in a title (vn)
_NOUNISH = re.compile(r"^(?:n|nr|ns|nt|nz|nrt|nrfg|ng|vn|an|l|j)$")
# units of measure and words that count no thing a sentence names beside its number
_ZH_NOT_COUNTED = re.compile(r"^(?:年|月|天|日|周|星期|小时|分钟|秒|元|块钱|钱|岁|公里|千米|米|厘米|毫米|公斤|千克|克|吨|平方|平方米|"
                             r"亩|公顷|度|倍|分|公分|英尺|英寸|日圆|日币|台币|人|人次|次|遍|回|号|层|字|页|集|期|届|名|项|种|样|部分|左右|以上|以下|时间|"
                             r"人民币|美元|港元|欧元|英镑|日元|费用|价格|金额|工资|面积|长度|高度|距离|重量|数量|人数|人口|"
                             r"比例|比率|速度|温度|分数|积分|得分|成绩|排名|名次|票|票数|年龄|岁数|学时|学分|课时|工作日|合格|员工|职工)$")
_EN_COUNT = re.compile(r"\bhow many\s+([a-z][a-z\s-]*)", re.I)
# what may follow the counted thing: "how many runways does …", "how many rooms in …", "how many seats?"
_EN_AFTER = frozenset("are is were was do does did can could will would shall should must may might has have had in of on "
                      "at for from to there per a an the it they he she we you i this that these those".split())
_EN_NOT_COUNTED = re.compile(r"^(?:day|week|month|year|hour|minute|second|time|people|person|staff|employee|member|"
                             r"point|mile|kilometre|kilometer|metre|meter|pound|dollar|euro|percent|unit|item|thing|"
                             r"one|way|kind|type|sort|copy|copie|page|word|credit|hr|min|hol|holiday|tries|trie|attempt|more|other|"
                             r"of|after|before|ahead|when|off|paid|until|till|"
                             # people, who may be counted under another name ("how many children" / "three kids")
                             r"child|children|kid|student|pupil|player|passenger|visitor|resident|worker|volunteer|"
                             r"spectator|athlete|customer|patient|teacher|officer|crew|adult|fan|guest|user|voter)$", re.I)
# a unit glued by jieba onto the word after it (几天假, 几次会, 多少分算, 几回卡, 几个工作日内)
_ZH_UNIT_GLUED = re.compile(r"^(?:[天次回分年月周岁点号届期]|工作日|小时|分钟)[\u4e00-\u9fff]")
# a sum, asked by what it pays for (多少补贴, 多少押金, 多少辛苦费, 几个月工资): rag.measures' work, not a count
_ZH_MONEY = re.compile(r"[费金贴奖租资薪款价值钱税]$|夜班|工作日")
# a number in a clause: digits, Chinese numerals, English number words
_NUMBER = re.compile(r"[0-9０-９]|[一二两兩俩倆三四五六七八九十百千万萬亿〇廿双雙]|\b(?:one|two|three|four|five|six|seven|eight|nine|"
                     r"ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|"
                     r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozen|several|both|single|once|twice|"
                     r"thrice|pair|twin|couple)\b", re.I)
# what looks like a count and is none: a year (1998年, "in 1998"), a designation (09/27, 17/35)
_NOT_A_COUNT = re.compile(r"(?<!\d)(?:1[5-9]|20)\d\d\s*年|\b(?:in|since|from|until|by) (?:1[5-9]|20)\d\d\b|\d+\s*/\s*\d+", re.I)
# a number of people, which may count the asked ones under another name ("几个孩子" / "育有3名子女", 运动员 / 12 名选手)
_ZH_PEOPLE = re.compile(r"[0-9０-９一二两兩俩三四五六七八九十百千万]\s*(?:多|余)?\s*(?:[名位口]|人(?!次)|个?[子女儿孩])")
# …when the asked ones are people: a noun ending in a suffix that names people (运动员, 观众, 孩子, 学生, 病人, 球迷)
_ZH_PERSON_NOUN = re.compile(r"[员手者人生师士子女众民工友客迷童儿]$")
_ZH_SENTENCE = re.compile(r"[。！？!?；;]")
_EN_SENTENCE = re.compile(r"[.!?;]\s|[!?;]")


def counted_noun(question: str) -> tuple[str, ...]:
    """The words naming the thing a "how many" question counts ("几条跑道" → 跑道, "how many polo shirts" → polo,
    shirt), or () when the question counts none this module checks (a unit, a sum, people, a time, a thing of one
    Chinese character, an ordinal)."""
    if asked_measure(question):
        return ()   # 多少钱, "how many days": rag.measures reads the unit
    if CJK.search(question):
        match = _ZH_COUNT.search(question)
        if not match or question[match.start() - 1: match.start()] == "哪":   # 哪几种 asks a list
            return ()
        words, at = [], 0
        for word, flag in zh_tagged(question):   # tagged in the whole question: alone, 条跑道 reads 跑道 as a verb
            if at >= match.end():
                words.append((word, flag))
            elif at + len(word) > match.end():   # the asking word glued on: 几条 → 条
                words.append((word[match.end() - at:], flag))
            at += len(word)
        if words and _ZH_CLASSIFIER.match(words[0][0]):
            words = words[1:]
        elif words and _ZH_UNIT_GLUED.match(words[0][0]):
            return ()   # jieba glues a unit on: 几天假, 几次会, 多少分算
        elif words and len(words[0][0]) == 2 and _ZH_CLASSIFIER.match(words[0][0][0]):
            words[0] = (words[0][0][1:], words[0][1])   # …or a classifier: 首歌, 个村
        head = None
        for i, (word, flag) in enumerate(words[:5]):   # the last noun of the run that follows: 几张原创专辑 → 专辑,
            if word == "的" and head is not None and i + 1 < len(words) and _NOUNISH.match(words[i + 1][1]):
                continue                               # 几座中世纪的塔楼 → 塔楼
            if not _NOUNISH.match(flag) and not (head is None and i == 0 and flag == "v" and len(word) >= 2):
                break
            head = word
        if head is None or len(head) < 2 or _ZH_NOT_COUNTED.match(head) or _ZH_MONEY.search(head) or not CJK.search(head):
            return ()
        return (head,)
    match = _EN_COUNT.search(question)
    if not match:
        return ()
    words = []
    for word in match.group(1).split()[:3]:   # "how many free guest tickets do …" → free, guest, ticket
        if word.lower() in _EN_AFTER:
            break
        words.append(word.lower())
    words = [w for w in words if not w.endswith("ed")]   # "how many died": a verb counts nothing a sentence names
    stems = tuple(re.sub(r"(?:es|s)$", "", w) if len(w) > 3 else w for w in words)
    if not stems or any(_EN_NOT_COUNTED.match(w) for w in (*words, *stems)) or all(len(w) < 3 for w in stems):
        return ()   # "how many people live …", "how many days …": no thing a sentence names beside its number
    return stems


_ZH_ORDINAL = re.compile(r"第几([张部届次集季章节版代任期轮号卷册首场座])")
# classifiers one ordinal may be written with for the other (第几任总统 / 第45位总统, 第几届 / 第十二次举办)
_SAME_ORDINAL = {"任": "任位届", "届": "届次", "次": "次届"}
# the first, said without a number (首张, 出道专辑, 处女作, 第一)
_FIRST = re.compile(r"首[张部届次集季任场]|出道|处女作|第一")


def asked_ordinal(question: str) -> str | None:
    """The classifier of an ordinal a Chinese question asks ("第几张专辑" → 张, 第几届 → 届); None for 第几名 / 第几位 /
    第几个, which a rank answers without it (排名第三)."""
    match = _ZH_ORDINAL.search(question)
    return match.group(1) if match else None


def ordinal_in(sentence: str, classifier: str) -> bool:
    """Whether ``sentence`` writes an ordinal with that classifier (第 20 张, 第十届; 第45位 for 第几任) or a first (首张,
    出道, 处女作) — 第18位 is no album's number."""
    same = _SAME_ORDINAL.get(classifier, classifier)
    return re.search(rf"第\s*[0-9０-９一二两三四五六七八九十百千]+\s*[{same}]", sentence) is not None \
        or _FIRST.search(sentence) is not None


def counts(sentence: str, nouns: tuple[str, ...]) -> bool:
    """Whether a sentence of ``sentence`` holds a number (never a year or a designation such as 17/35) and the
    counted thing: a two-character piece of it (a Chinese thing: 指标 for 评分指标) or a number of people (when the asked
    ones are people: they may stand under another name), or a word that begins as one of its words does (an English
    one: runway / runways)."""
    if not nouns:
        return True
    if CJK.search(nouns[0]):
        noun = nouns[0]
        pieces = {noun} | two_char_pieces(noun)
        people = bool(_ZH_PERSON_NOUN.search(noun))
        return any(_NUMBER.search(c) and (any(p in c for p in pieces) or (people and _ZH_PEOPLE.search(c)))
                   for c in _ZH_SENTENCE.split(_NOT_A_COUNT.sub(" ", sentence)))
    stems = [re.compile(rf"{re.escape(n[: max(4, len(n) - 2)])}", re.I) for n in nouns]
    return any(_NUMBER.search(c) and any(s.search(c) for s in stems)
               for c in _EN_SENTENCE.split(_NOT_A_COUNT.sub(" ", sentence)))

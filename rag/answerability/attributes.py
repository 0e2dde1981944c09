"""A part of the subject the sources never write: "大果西番莲的根部有什么作用？" against an entry that describes the
plant's fruit and where it is grown but never its roots; "What is special about the Brennock Blue's rind?".

A question about one part or attribute of its subject ("X 的 Y 有什么作用 / 特点", "what are the Y of X like?") is on
topic wherever X is described: the subject's name is its rarest term, so the key-term support is high whichever part a
sentence describes. But the answer describes Y, and writes it. Refused when the question asks what a named part is like
or does (有什么 / 是什么 + an asking noun: 特点, 作用, 用途, 功能 …) and the source the best window stands in never
writes the part; a part of one character, or one that is itself an asking noun (流程, 内容), is not read.
"""

from __future__ import annotations

import re

from rag.answerability.question_terms import qualified_asking
from rag.text import two_char_pieces

_ASKING = r"(?:特点|特征|特色|作用|用途|功效|功能|意义|好处|坏处|危害|习性|样子|外观|形态|结构|区别)"
_ZH = re.compile(rf"的([\u4e00-\u9fff]{{2,6}}?)(?:都|又|还|主要|一般|通常)?(?:有|是|具有|起|起到|发挥)(?:什么|哪些|何种|怎样的|怎么样的)"
                 rf"(?:样的)?{_ASKING}")
# …or what its members are ("马来穿山甲的天敌有哪些？", "美特斯邦威有哪些旗下品牌？"): the list's sentence names the kind it
# lists; never a kind any answer lists without naming it (哪些地区, 哪些方面, 哪些人)
_ZH_MEMBERS = re.compile(r"的([\u4e00-\u9fff]{2,6}?)(?:都|又|还|主要|一般|通常)?(?:有|包括|包含|分为|分成)(?:哪些|哪几[种类个项])|"
                         r"(?:有|包括|包含)哪些([\u4e00-\u9fff]{2,6})(?=[？?。，,]|$)")
# …or what it is, as a noun of its own ("京急逗子线的路线记号是什么？", "加拿大航空189号航班的线路是怎样的？"); never a name
# (英文名, 全称, 别号: rag.answerability.aliases reads those) nor a kind any answer gives without naming it
_ZH_WHAT = re.compile(r"的([\u4e00-\u9fff]{2,6}?)(?:又|主要|一般|通常)?(?:是|为)(?:什么|怎样的|怎么样的|啥|如何)(?:样的|样子的)?(?=[？?]|$)|"
                      r"的([\u4e00-\u9fff]{2,6}?)(?:是)?(?:怎样的|怎么样|如何)(?=[？?]|$)")
_ANY_KIND = frozenset("地区 地方 国家 城市 省份 方面 东西 内容 问题 事情 事项 人物 类型 种类 方式 方法 形式 措施 活动 情况 条件 "
                      "要求 因素 项目 部分 成员 人员 领域 范围 特征 事物 作品 手段 途径 渠道 步骤 规定 好处 作用 功能 程序 标准 "
                      "政策 办法 制度 安排 原则 意思 含义 定义 概念 结论 答案 结果 看法 态度 区别 关系 "
                      # what an answer gives without naming it: 中国女演员 for 职业, 美国华裔 for 国籍, 位于…号 for 地址
                      "职业 身份 国籍 籍贯 地址 学历 气候 交通 症状 产品 景点 福利 流程 手续 规则 职责 费用 主题 用法 待遇 "
                      "工资 薪酬 收入 工作 职务 经历 背景 来源 来历 历史 现状 目标 任务 主张 观点 理念 宗旨 风格".split())
_EN = re.compile(r"\bwhat (?:is|are) (?:special|distinctive|unusual) about (?:the |its |their )?([a-z][a-z-]+)(?: of| in)\b|"
                 r"\bwhat (?:is|are) (?:the |its |their )?([a-z][a-z-]+) (?:of|in) (?:the |a |an )?[A-Z][\w'-]*[^?]* (?:used|like) for\b",
                 re.I)


def asked_attribute(question: str, asking_nouns: frozenset[str] = frozenset(), what: bool = True) -> str | None:
    """The part or attribute of its subject ``question`` asks what it is like or does ("根部" of "大果西番莲的根部有
    什么作用？"), or (``what``: running prose only, evidence v80) what its members are or what it is ("天敌" of
    "马来穿山甲的天敌有哪些？", "图案" of "…国徽的图案是怎样的？"); None when it asks none, or the part is itself an asking
    noun or a kind an answer gives without naming it."""
    found = _ZH.search(question) or _EN.search(question)
    members = None if found or not what else (_ZH_MEMBERS.search(question) or _ZH_WHAT.search(question))
    if found is None and members is None:
        return None
    part = next(g for g in (found or members).groups() if g).split("的")[-1]   # 员工的福利: 福利
    if not part:
        return None   # "改革的目的是什么？": the part's own 的 (目的) split it away
    part = re.sub(r"^(?:主要|一般|通常|具体)(?=[\u4e00-\u9fff]{2})", "", part)   # 主要经营模式: 经营模式
    if qualified_asking(part, asking_nouns):
        return None   # 实际功效, 不良影响: an asking noun, qualified (evidence v102)
    if members is not None and (part in _ANY_KIND or part[-2:] in _ANY_KIND or part[-1] in "名称号"):
        return None
    return None if len(part) < 2 or part in asking_nouns or part.lower() in asking_nouns else part


def attribute_unwritten(question: str, source: str, asking_nouns: frozenset[str] = frozenset(),
                        what: bool = True) -> str | None:
    """The asked part when ``source`` (the text of the source that holds the best window) never writes it; ``what``:
    read the members and what-it-is forms too (the evidence rule does in running prose only)."""
    part = asked_attribute(question, asking_nouns, what)
    if part is None:
        return None
    said = source.lower()
    # a part written in another form: 根 for 根部, 叶 for 叶子, "leaves" for "leaf"
    forms = {part.lower(), re.sub(r"(?<=[\u4e00-\u9fff])[部子儿片]$", "", part), re.sub(r"(?:f|ves|s|es)$", "", part.lower())}
    if len(part) >= 3 and re.fullmatch(r"[\u4e00-\u9fff]+", part):   # 旗下品牌: 品牌 or 旗下 will do; 栖息地: 栖息
        forms |= two_char_pieces(part)
    return None if any(form and form in said for form in forms) else part

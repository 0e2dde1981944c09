"""Another name the sources never give (rag.answerability.aliases, evidence v79)."""

from __future__ import annotations

import pytest

from rag.answerability.aliases import alias_unwritten, asks_alias

PLANT = "天门冬为天门冬科多年生攀援草本植物。根状茎匍匐，具有多数的节。"
SHOP = "凉茶舖以售卖凉茶为主，同时也会销售茶叶蛋等相关食物。"
BRIDGE = "The Corvan Bridge crosses the Lune at Hallam. It opened in 1931 and carries the A683."


@pytest.mark.parametrize(("question", "sources", "refused"), [
    ("天门冬又称之为什么？", PLANT, True),
    ("凉茶舖又叫什么？", SHOP, True),
    ("马来穿山甲的别称是什么？", "马来穿山甲每年会产1-2只幼穿山甲。", True),
    ("南宁二中是什么的简称？", "南宁二中于1906年建校，设高中部和初中部。", True),
    ("What is the Corvan Bridge also known as?", BRIDGE, True),
    ("What was the Corvan Bridge originally called?", BRIDGE, True),
    # the sources give another name: the rest of the rule decides
    ("夜来香的别名是什么？", "夜来香是萝藦科夜来香属的植物，别名“夜香花”、“夜兰香”。", False),
    ("内台航路也叫什么？", "内台航路，或称内台航线，是连结日本内地与台湾的海运航线。", False),
    ("那须盐原车站的原名是什么？", "在1898年初设站时，本站原名东那须野。", False),
    ("南宁二中是什么的简称？", "南宁市第二中学（简称南宁二中）于1906年建校。", False),
    ("What is the Corvan Bridge also known as?", BRIDGE + " Locals call it the Iron Mile.", False),
    ("What was the Corvan Bridge originally called?", "The bridge, formerly the Hallam Crossing, opened in 1931.", False),
    ("What does NHS stand for?", "The NHS (National Health Service) funds the clinic.", False),   # given in brackets
    # where a name comes from (evidence v79): 得名, 故名, 命名, "named after"
    ("伊丽莎白港机场为什么又叫十分钟机场？", "伊丽莎白港机场位于南非。", True),
    ("伊丽莎白港机场为什么又叫十分钟机场？", "从市中心开车只需十分钟，故名。", False),
    ("四加亭名字的由来是什么？", "四加亭是位于马来西亚柔佛州峇株巴辖县的小镇之一。", True),
    ("百老汇剧院是因何得名的？", "因为剧院大多在百老汇街道附近，故被统称为百老汇剧院。", False),
    ("Why is the Iron Mile called that?", "The Iron Mile is a footpath beside the old ironworks.", True),
    ("What was the Corvan Bridge named after?", "The Corvan Bridge was named after the engineer Ada Corvan.", False),
    ("富国银行广场的前称是什么？", "富国银行广场是一座位于明尼阿波利斯的摩天大楼。", True),
    ("What does NHS stand for?", "NHS stands for National Health Service.", False),
    # no other name asked
    ("天门冬是什么科的植物？", PLANT, False),
    ("When did the Corvan Bridge open?", BRIDGE, False),
])
def test_alias_unwritten(question: str, sources: str, refused: bool) -> None:
    assert alias_unwritten(question, [sources]) is refused


@pytest.mark.parametrize(("question", "asks"), [
    ("牛佬原名叫什么？", True), ("What is the bridge's nickname?", True), ("What's another name for a P45?", True),
    ("蓍的别名是什么？", True), ("中国（南京）国际象棋超级大赛的原名是什么？", True), ("WHO 是什么的简称？", True),
    ("谁给这座桥命名？", False), ("别名是否需要备案？", False),
    ("Can I use a nickname on my email signature?", False), ("What is the full name of our CEO?", False), ("What is the name of the bridge's designer?", False), ("What's the full stop rule?", False),
])
def test_asks_alias(question: str, asks: bool) -> None:
    assert asks_alias(question) is asks


def test_only_sources_naming_the_subject_count() -> None:
    """Another subject's alias in the top sources gives none for the one asked ("蓝线裸顶鲷，又称蓝线白𫚭" beside
    马来穿山甲); where no source names the subject as written, every one counts."""
    pangolin = "马来穿山甲每年会产1-2只幼穿山甲。"
    fish = "蓝线裸顶鲷，又称蓝线白𫚭，俗名龙尖，为辐鳍鱼纲的鱼。"
    assert alias_unwritten("马来穿山甲的别称是什么？", [pangolin, fish]) is True
    assert alias_unwritten("穿山甲的别称是什么？", ["它每年会产1-2只幼仔。", fish]) is False
    assert alias_unwritten("南宁二中是什么的简称？", ["南宁二中前身为南宁府中学堂。"]) is True   # a former name is no short one
    assert alias_unwritten("What is the Corvan Bridge also known as?",
                           ["The Corvan Bridge crosses the Lune.", "The Hallam Arch, also called the Gate, is older."]) is True

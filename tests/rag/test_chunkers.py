"""Chunkers on hand-made fixtures, plus invariants every registered chunker must keep."""

from __future__ import annotations

import re

import pytest

from rag.chunkers import chunkers
from rag.chunkers.blocks import Heading, Paragraph, Table, parse_blocks
from rag.chunkers.packing import Span, sentences
from rag.types import Document

ZH = """# 差旅办法

第一章 总则

第一条 为规范差旅，制定本办法。

第二条 住宿标准：一线城市每晚不超过500元；其他城市每晚不超过350元。

第二章 报销

一、报销流程

员工应在出差结束后十个工作日内提交报销单。逾期需部门负责人审批！

（一）票据要求

须提供电子发票。
"""


def doc(text: str, title: str = "T", doc_id: str = "d") -> Document:
    return Document(doc_id, text, title, f"{doc_id}.md", {"department": "hr", "clearance": 2})


def table(rows: int) -> str:
    lines = ["| Level | Cap |", "|---|---|"] + [f"| L{i:02d} | {100 + i} USD |" for i in range(rows)]
    return "# Caps\n\nIntro sentence.\n\n" + "\n".join(lines) + "\n\nClosing sentence."


ALL = {
    "fixed": {"max_chars": 60, "overlap_chars": 10},
    "sentence": {"max_chars": 60, "overlap_chars": 20},
    "heading_aware": {"max_chars": 80},
    "parent_child": {"parent_chars": 200, "child_chars": 60, "child_overlap_chars": 10},
    "whole": {},
}


@pytest.mark.parametrize("name", sorted(chunkers.names()))
def test_every_chunker_is_covered_here(name: str) -> None:
    assert name in ALL


@pytest.mark.parametrize("name", sorted(ALL))
@pytest.mark.parametrize("text", [ZH, table(12), "One sentence only."])
def test_invariants(name: str, text: str) -> None:
    d = doc(text)
    chunks = chunkers.build({"name": name, "params": ALL[name]})(d)
    assert chunks, "a document with text yields chunks"
    assert len({c.chunk_id for c in chunks}) == len(chunks)
    assert [c.ord for c in chunks] == list(range(len(chunks)))
    for c in chunks:
        assert 0 <= c.start < c.end <= len(text) and c.text.strip()
        assert c.doc_id == "d" and c.metadata == {"department": "hr", "clearance": 2}
    # Every sentence and every table row of the document survives in some chunk.
    joined = "\n".join(c.text for c in chunks)
    if name not in ("fixed", "whole"):
        for block in parse_blocks(text):
            if isinstance(block, Paragraph):
                for s in sentences(text, block.span):
                    assert text[s.start:s.end] in joined
            elif isinstance(block, Table):
                for row in block.rows:
                    assert text[row.start:row.end] in joined


def test_chunk_ids_are_stable_across_runs() -> None:
    chunk = chunkers.build("heading_aware")
    assert [c.chunk_id for c in chunk(doc(ZH))] == [c.chunk_id for c in chunk(doc(ZH))]


def test_whole_keeps_one_chunk_per_document() -> None:
    (c,) = chunkers.build("whole")(doc(ZH))
    assert (c.chunk_id, c.text, c.start, c.end) == ("d#0", ZH, 0, len(ZH))


def test_fixed_windows_overlap_exactly() -> None:
    chunks = chunkers.build({"name": "fixed", "params": {"max_chars": 10, "overlap_chars": 4}})(
        doc("abcdefghijklmnopqrstuvwxyz"))
    assert [c.text for c in chunks] == ["abcdefghij", "ghijklmnop", "mnopqrstuv", "stuvwxyz"]
    assert [(c.start, c.end) for c in chunks][:2] == [(0, 10), (6, 16)]


def test_sentences_split_on_chinese_and_english_ends() -> None:
    text = "第一句。第二句！第三句？第四句；Fifth one. Sixth one"
    spans = sentences(text, Span(0, len(text)))
    assert [text[s.start:s.end] for s in spans] == [
        "第一句。", "第二句！", "第三句？", "第四句；", "Fifth one.", "Sixth one"]


def test_sentence_chunker_packs_whole_sentences_with_overlap() -> None:
    text = "甲甲甲甲甲甲甲甲。乙乙乙乙乙乙乙乙。丙丙丙丙丙丙丙丙。丁丁丁丁丁丁丁丁。"
    chunks = chunkers.build({"name": "sentence", "params": {"max_chars": 20, "overlap_chars": 9}})(doc(text))
    assert [c.text for c in chunks] == [
        "甲甲甲甲甲甲甲甲。乙乙乙乙乙乙乙乙。",
        "乙乙乙乙乙乙乙乙。丙丙丙丙丙丙丙丙。",
        "丙丙丙丙丙丙丙丙。丁丁丁丁丁丁丁丁。",
    ]


def test_a_sentence_longer_than_a_chunk_is_cut_into_windows() -> None:
    text = "x" * 25
    chunks = chunkers.build({"name": "sentence", "params": {"max_chars": 10, "overlap_chars": 0}})(doc(text))
    assert [len(c.text) for c in chunks] == [10, 10, 5]


def test_chinese_and_markdown_headings_are_recognised_and_nested() -> None:
    headings = [b for b in parse_blocks(ZH) if isinstance(b, Heading)]
    assert [(h.title, h.level) for h in headings] == [
        ("差旅办法", 1), ("第一章 总则", 7), ("第一条", 8), ("第二条 住宿标准", 8),
        ("第二章 报销", 7), ("一、报销流程", 9), ("（一）票据要求", 10)]


def test_a_long_numbered_line_is_a_paragraph_not_a_heading() -> None:
    text = "一、员工出差应当事先在系统中提交申请，经部门负责人批准后方可出行，未经批准的费用不予报销。"
    assert isinstance(parse_blocks(text)[0], Paragraph)


def test_heading_aware_keeps_heading_path_and_header() -> None:
    chunks = chunkers.build("heading_aware")(doc(ZH, title="差旅办法"))
    by_start = {c.text.split("\n", 1)[1]: c for c in chunks}
    article = by_start["第二条 住宿标准：一线城市每晚不超过500元；其他城市每晚不超过350元。"]
    assert article.heading_path == ("差旅办法", "第一章 总则", "第二条 住宿标准")
    assert article.text.startswith("差旅办法 > 第一章 总则 > 第二条 住宿标准\n")
    receipts = next(c for c in chunks if "电子发票" in c.text)
    assert receipts.heading_path == ("差旅办法", "第二章 报销", "一、报销流程", "（一）票据要求")
    # No chunk crosses a section: 总则 text never shares a chunk with 报销 text.
    assert not any("为规范差旅" in c.text and "报销单" in c.text for c in chunks)


def test_heading_aware_without_header_keeps_the_heading_line_in_the_body() -> None:
    chunks = chunkers.build({"name": "heading_aware", "params": {"context_header": False}})(doc(ZH))
    assert any(c.text.startswith("一、报销流程\n") for c in chunks)
    assert not any(" > " in c.text for c in chunks)


def test_long_table_splits_between_rows_and_repeats_its_header() -> None:
    text = table(12)
    chunks = chunkers.build({"name": "heading_aware", "params": {"max_chars": 120}})(doc(text, title="Caps"))
    table_chunks = [c for c in chunks if re.search(r"\| L\d\d", c.text)]
    assert len(table_chunks) > 1
    rows_seen = []
    for c in table_chunks:
        body = c.text.split("\n", 1)[1]
        header = "| Level | Cap |\n|---|---|\n"
        first_row = re.search(r"\| L\d\d", body)
        assert first_row and header in body and body.index(header) < first_row.start(), body  # header repeated
        rows = re.findall(r"^\| L\d\d \| \d+ USD \|$", body, re.M)
        assert rows and len(rows) == len(re.findall(r"\| L\d\d", body))  # every row in the chunk is whole
        rows_seen += rows
    assert rows_seen == [f"| L{i:02d} | {100 + i} USD |" for i in range(12)]  # none split, none lost


def test_a_table_row_longer_than_a_chunk_stays_whole() -> None:
    long_row = "| " + "x" * 50 + " | y |"
    text = f"| A | B |\n|---|---|\n{long_row}\n| short | z |"
    chunks = chunkers.build({"name": "sentence", "params": {"max_chars": 30, "overlap_chars": 0}})(doc(text))
    assert any(long_row in c.text for c in chunks)
    assert all(c.text.startswith("| A | B |") for c in chunks)


def test_parent_child_children_carry_their_parent() -> None:
    text = "# Policy\n\n" + " ".join(f"Sentence number {i} is here." for i in range(20))
    chunks = chunkers.build({"name": "parent_child",
                             "params": {"parent_chars": 300, "child_chars": 80, "child_overlap_chars": 0}})(doc(text))
    parents = {c.parent_id for c in chunks}
    assert len(parents) >= 2 and all(p and p.startswith("d#p") for p in parents)
    for c in chunks:
        body = c.text.split("\n", 1)[1]
        assert body in c.parent_text  # the child is inside its parent
        assert len(c.parent_text) <= 300 + len("T > Policy\n") and len(c.text) <= 80 + len("T > Policy\n")


def test_pages_are_carried_onto_chunks() -> None:
    text = "Page one text.\n\nPage two text."
    d = Document("p", text, "P", "p.pdf", {}, page_starts=(0, text.index("Page two")))
    chunks = chunkers.build({"name": "sentence", "params": {"max_chars": 15, "overlap_chars": 0}})(d)
    assert [(c.text, c.page) for c in chunks] == [("Page one text.", 1), ("Page two text.", 2)]


@pytest.mark.parametrize("params", [{"max_chars": 10, "overlap_chars": 10}, {"max_chars": 10, "overlap_chars": -1}])
def test_bad_overlap_is_a_config_error(params: dict) -> None:
    from rag.errors import ConfigError

    with pytest.raises(ConfigError, match="overlap_chars"):
        chunkers.build({"name": "sentence", "params": params})

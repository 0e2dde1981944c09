from __future__ import annotations

from rag.context import context_builders
from rag.context.tokens import estimate_tokens
from rag.types import Candidate
from tests.rag.helpers import chunk


def cand(cid: str, text: str, score: float, **kw) -> Candidate:
    return Candidate(chunk(cid, text, **kw), score, {"fused": score})


def test_token_estimate_is_fair_to_both_languages() -> None:
    assert estimate_tokens("住宿费每晚不超过") == 8
    assert estimate_tokens("hotel cap per night") == 6  # ceil(4 * 1.3)


def test_second_best_survives_a_tight_budget_even_when_ordered_for_position() -> None:
    best = cand("a#0", "alpha " * 40, 0.9)
    second = cand("b#0", "bravo " * 40, 0.8)
    third = cand("c#0", "charlie " * 40, 0.7)
    build = context_builders.build({"name": "packed", "params": {"budget_tokens": 110, "order": "sandwich"}})
    items = build("q", [best, second, third])
    assert {i.chunk_id for i in items} == {"a#0", "b#0"}
    assert [i.number for i in items] == [1, 2]


def test_sandwich_puts_the_two_best_at_the_ends() -> None:
    cs = [cand(f"d{i}#0", f"text number {i} " * 2, 1 - i / 10) for i in range(5)]
    items = context_builders.build({"name": "packed", "params": {"order": "sandwich"}})("q", cs)
    assert [i.chunk_id for i in items] == ["d0#0", "d2#0", "d4#0", "d3#0", "d1#0"]


def test_a_big_source_is_skipped_and_a_smaller_later_one_still_fits() -> None:
    cs = [cand("a#0", "short text", 0.9), cand("b#0", "long " * 200, 0.8), cand("c#0", "also short", 0.7)]
    items = context_builders.build({"name": "packed", "params": {"budget_tokens": 50}})("q", cs)
    assert [i.chunk_id for i in items] == ["a#0", "c#0"]


def test_near_duplicates_and_per_source_cap() -> None:
    cs = [
        cand("a#0", "The hotel cap in London is 240 USD per night.", 0.9),
        cand("b#0", "The hotel cap in London is 240 USD per night!", 0.8),  # near duplicate
        cand("a#1", "Meals are 55 USD a day.", 0.7),
        cand("a#2", "Receipts are needed above 25 USD.", 0.6),
    ]
    items = context_builders.build({"name": "packed", "params": {"per_source_cap": 2}})("q", cs)
    assert [i.chunk_id for i in items] == ["a#0", "a#1"]


def test_a_parts_best_source_is_kept_past_the_per_source_cap() -> None:
    """Blind dev case md-d14: three chunks of the email runbook filled the cap, and the fourth — the one
    that holds MAIL-550, the best source of one part of the message — was left out, which refused the
    message whole ("the sources never mention MAIL-550"). rag.cover marks a part's best source; the
    packer keeps it past the cap."""
    cs = [cand("a#0", "Mail gateways MX-01 and MX-02.", 0.9), cand("a#1", "Accounts lock after five tries.", 0.8),
          cand("a#2", "Recovery reports within two days.", 0.7), cand("a#3", "MAIL-550: the address does not exist.", 0.6)]
    build = context_builders.build({"name": "packed", "params": {"per_source_cap": 3}})
    assert "a#3" not in [i.chunk_id for i in build("q", cs)]
    cs[3].scores["part_best"] = 1.0
    assert [i.chunk_id for i in build("q", cs)] == ["a#0", "a#1", "a#2", "a#3"]


def test_parent_child_hits_expand_to_their_parent_once() -> None:
    parent = "# Hotels\nThe cap is 240 USD. Book through the portal. Receipts are required."
    cs = [
        cand("p#0", "The cap is 240 USD.", 0.9, parent_id="p#p0", parent_text=parent),
        cand("p#1", "Receipts are required.", 0.8, parent_id="p#p0", parent_text=parent),
        cand("q#0", "Other text.", 0.7),
    ]
    items = context_builders.build("packed")("q", cs)
    assert [(i.chunk_id, i.text) for i in items] == [("p#0", parent), ("q#0", "Other text.")]
    no_expand = context_builders.build({"name": "packed", "params": {"expand_parents": False}})("q", cs)
    assert [i.text for i in no_expand][:2] == ["The cap is 240 USD.", "Receipts are required."]


def test_items_carry_title_heading_path_and_scores() -> None:
    c = cand("a#0", "text", 0.5, title="Policy", heading_path=("Policy", "Hotels"))
    (item,) = context_builders.build("packed")("q", [c])
    assert (item.number, item.title, item.heading_path, item.scores) == (1, "Policy", ("Policy", "Hotels"), {"fused": 0.5})


def test_a_superseded_document_gives_way_to_its_successor() -> None:
    old = cand("old#0", "出差可乘坐高铁一等座。", 0.9,
               metadata={"superseded_by": "new", "version": "2019", "tags": ["outdated"]})
    new = cand("new#0", "高铁一律乘坐二等座。", 0.8)
    build = context_builders.build("packed")
    assert [i.chunk_id for i in build("q", [old, new])] == ["new#0"]
    assert [i.chunk_id for i in build("q", [old])] == ["old#0"]  # asked about on its own
    assert [i.chunk_id for i in build("2019 版怎么规定的？", [old, new])] == ["old#0", "new#0"]
    keep = context_builders.build({"name": "packed", "params": {"drop_superseded": False}})
    assert [i.chunk_id for i in keep("q", [old, new])] == ["old#0", "new#0"]

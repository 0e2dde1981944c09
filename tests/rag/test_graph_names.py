"""The entity graph's document names (title cores and English title tails) and its two title matchers."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from rag.indexes.graph import Graph, title_names


def chunk(doc: str, title: str, text: str = "", n: int = 0) -> SimpleNamespace:
    return SimpleNamespace(chunk_id=f"{doc}#{n}", doc_id=doc, title=title, text=text)


def test_a_title_tail_names_its_document_once_it_opens_with_a_content_word() -> None:
    names = title_names([chunk("exp", "Larkfield Labs Expense Policy (2024)"),
                         chunk("sick", "Sickness and Absence"),
                         chunk("rota", "Shifts and the Rota")])
    assert names["larkfield labs expense policy"] == ["exp"]
    assert names["labs expense policy"] == names["expense policy"] == ["exp"]
    # "and absence", "and the rota", "the rota" would link every text that says them
    assert not {"and absence", "and the rota", "the rota"} & set(names)
    assert names["sickness and absence"] == ["sick"]


def test_a_tail_that_ends_two_titles_names_neither_but_each_title_still_names_its_own() -> None:
    names = title_names([chunk("a", "Risk factors for breast cancer"),
                         chunk("b", "Screening outcomes in breast cancer"),
                         chunk("c", "Outcomes in breast cancer")])   # a title that is another's tail
    assert "breast cancer" not in names and "for breast cancer" not in names
    assert names["factors for breast cancer"] == ["a"]
    assert names["outcomes in breast cancer"] == ["c"]   # the title itself, not b's tail of the same words


def test_a_title_issued_twice_names_both_documents_and_so_do_its_tails() -> None:
    names = title_names([chunk("new", "Remote Work Policy (2024)"), chunk("old", "Remote Work Policy (2021, withdrawn)")])
    assert names["remote work policy"] == ["new", "old"]
    assert names["work policy"] == ["new", "old"]


def test_chinese_titles_are_named_whole() -> None:
    assert title_names([chunk("t", "青禾科技差旅管理办法（2024 版）")]) == {"青禾科技差旅管理办法": ["t"]}


def test_the_automaton_finds_what_the_substring_scan_finds() -> None:
    titles = ["Expense Policy", "Larkfield Labs Expense Policy", "IT Helpdesk Guide", "Security Handbook",
              "Help", "青禾科技差旅管理办法", "差旅管理", "Guide to the Guide"]
    chunks = [chunk(f"d{i}", t) for i, t in enumerate(titles)]
    words = ["expense", "policy", "larkfield", "labs", "it", "helpdesk", "guide", "security", "handbook", "help",
             "the", "to", "青禾科技", "差旅管理办法", "差旅", "管理", "see", "as", "in"]
    rng = random.Random(7)
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(3, 30))) for _ in range(300)]
    texts += ["See the Larkfield Labs Expense Policy and the IT Helpdesk Guide.", "按《青禾科技差旅管理办法》办理", ""]
    automaton, scan = Graph(chunks), Graph(chunks, matcher="scan")
    for i, text in enumerate(texts):
        skip = f"d{i % len(titles)}"
        assert automaton.entities(text, skip) == scan.entities(text, skip), text
    found = automaton.entities("See the Larkfield Labs Expense Policy and the IT Helpdesk Guide.")
    # overlapping names all count: the whole title, its tail and another document's title inside it
    assert {"doc:d0", "doc:d1", "doc:d2", "doc:d4"} <= found


def test_a_graph_loaded_from_disk_matches_as_the_one_built(tmp_path) -> None:
    chunks = [chunk("exp", "Expense Policy"), chunk("it", "IT Helpdesk Guide", "Claims follow the Expense Policy.")]
    built = Graph(chunks)
    built.save(tmp_path)
    loaded = Graph.load(tmp_path)
    assert loaded.entities("as the expense policy says") == built.entities("as the expense policy says") == {"doc:exp"}
    assert loaded.links("it") == {"exp"}


def test_an_unknown_matcher_is_an_error() -> None:
    with pytest.raises(ValueError, match="matcher"):
        Graph([], matcher="regex")


def test_a_run_on_title_gives_a_bounded_number_of_short_tails() -> None:
    words = [f"w{i:04d}" for i in range(3000)]
    names = title_names([chunk("long", " ".join(words))])
    tails = [name for name in names if name != " ".join(words)]
    assert len(tails) == 5 and max(len(t.split()) for t in tails) == 6
    assert " ".join(words[-6:]) in names and " ".join(words[-2:]) in names


def test_a_tail_opening_with_punctuation_or_holding_chinese_names_nothing() -> None:
    names = title_names([chunk("news", "Staff Newsletter — October"), chunk("arts", "Venues & Arts Centre"),
                         chunk("zh", "员工手册 第一章 公司概况与组织架构")])
    assert "— october" not in names and "& arts centre" not in names and "arts centre" in names
    assert names == {**{k: v for k, v in names.items() if not k.startswith("第一章")}}
    assert [n for n in names if "第一章" in n] == ["员工手册 第一章 公司概况与组织架构"]


def test_a_title_too_long_for_the_automaton_is_still_found_and_crashes_nothing() -> None:
    import threading

    long_title = "Staff Handbook " + "x" * 40_000   # freed recursively, this overflowed a 512 KiB thread stack
    chunks = [chunk("big", long_title), chunk("exp", "Expense Policy")]
    out: list[set[str]] = []

    def work() -> None:
        graph = Graph(chunks)
        out.append(graph.entities(f"see {long_title.lower()} and the expense policy"))
        del graph

    old = threading.stack_size(512 * 1024)
    try:
        worker = threading.Thread(target=work)
        worker.start()
        worker.join()
    finally:
        threading.stack_size(old)
    assert out == [{"doc:big", "doc:exp"}]


def test_questions_at_the_same_time_build_the_automaton_once(monkeypatch) -> None:
    import threading

    graph = Graph([chunk("exp", "Expense Policy"), chunk("it", "IT Helpdesk Guide")], build=False)
    graph.titles = title_names([chunk("exp", "Expense Policy"), chunk("it", "IT Helpdesk Guide")])
    builds: list[int] = []
    real = graph._build_automaton
    monkeypatch.setattr(graph, "_build_automaton", lambda: (builds.append(1), real())[1])
    start = threading.Barrier(8)
    found: list[set[str]] = []

    def ask() -> None:
        start.wait()
        found.append(graph.entities("per the expense policy"))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert builds == [1] and found == [{"doc:exp"}] * 8


def test_a_graph_pickles_and_finds_the_same_titles() -> None:
    import pickle

    graph = Graph([chunk("exp", "Expense Policy"), chunk("it", "IT Helpdesk Guide", "Claims follow the Expense Policy.")])
    graph.entities("warm")   # the automaton built
    again = pickle.loads(pickle.dumps(graph))
    assert again.entities("the it helpdesk guide") == graph.entities("the it helpdesk guide") == {"doc:it"}

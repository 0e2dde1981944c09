"""goldensets/_build/news_negrej.py: a negative-rejection suite from news questions in RGB's format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.suites.load import load_suite
from tests.eval.build_scripts import load


def _script():
    return load("news_negrej")


def _items(n: int = 8) -> list[dict]:
    return [{"id": f"q{i}", "query": f"How many people came to fair {i}?", "answer": [f"{1000 + i} people"],
             "positive": [f"Fair {i} drew {1000 + i} people on Saturday."],
             "negative": [f"Fair {i} opened at noon.", f"Last year's fair {i} was cancelled.",
                          "A shared sentence every fair repeats."], "type": "number"}
            for i in range(n)]


def _write(path: Path, rows: list) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def test_half_the_items_lose_their_positives_and_must_be_refused(tmp_path: Path) -> None:
    script = _script()
    source = _write(tmp_path / "items.jsonl", _items())
    assert script.main(["--source", str(source), "--out", str(tmp_path / "news"), "--seed", "s"]) == 0
    suite = load_suite(tmp_path / "news" / "suite.yaml")
    refuse = [c for c in suite.cases if c.expect == "refuse"]
    answer = [c for c in suite.cases if c.expect == "answer"]
    assert len(refuse) == len(answer) == 4
    corpus = [json.loads(line) for line in (tmp_path / "news" / "corpus.jsonl").open(encoding="utf-8")]
    texts = "\n".join(d["text"] for d in corpus)
    for case in refuse:                                   # a cut item's answer stands nowhere
        assert f"{1000 + int(case.id[1:])} people" not in texts
    for case in answer:                                   # a kept item's answer is in its expected documents
        docs = {d["_id"]: d["text"] for d in corpus}
        assert any(f"{1000 + int(case.id[1:])} people" in docs[d] for d in case.expected_docs)
        assert case.answers == [f"{1000 + int(case.id[1:])} people"] and "type:number" in case.tags
    # a passage several items give is one document
    assert sum(d["text"] == "A shared sentence every fair repeats." for d in corpus) == 1
    assert len(corpus) == 8 * 2 + 4 + 1
    # both splits hold both kinds, dealt by item
    for split in ("dev", "test"):
        kinds = {c.expect for c in suite.cases if c.split == split}
        assert kinds == {"answer", "refuse"}


def test_a_cut_item_whose_answer_another_passage_states_is_dropped(tmp_path: Path) -> None:
    script = _script()
    items = _items(2)
    for it in items:                                      # each item's noise states the other's answer
        other = 1001 if it["id"] == "q0" else 1000
        it["negative"].append(f"Elsewhere, {other} people came.")
    corpus, cases, dropped = script.build(script.read_items(_write(tmp_path / "i.jsonl", items)), "s")
    assert len(dropped) == 1 and [c["expect"] for c in cases] == ["answer"]


@pytest.mark.parametrize("row, field", [
    ({"id": 1, "answer": ["a"], "positive": ["p"], "negative": []}, "'query' is missing"),
    ({"id": 1, "query": "q?", "answer": [], "positive": ["p"], "negative": []}, "'answer' holds no answer"),
    ({"id": 1, "query": "q?", "answer": [{"x": 1}], "positive": ["p"], "negative": []}, "'answer' holds a dict"),
    ({"id": 1, "query": "q?", "answer": ["a"], "positive": "p", "negative": []}, "'positive' must be a list"),
    ({"id": 1, "query": "q?", "answer": ["a"], "positive": [], "negative": []}, "'positive' holds no passage"),
    ({"id": "a/b", "query": "q?", "answer": ["a"], "positive": ["p"], "negative": []}, "'id' 'a/b' cannot name a document"),
])
def test_bad_input_names_file_line_and_field_and_writes_nothing(tmp_path: Path, capsys, row, field) -> None:
    script = _script()
    source = _write(tmp_path / "items.jsonl", [_items(1)[0], row])
    assert script.main(["--source", str(source), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert f"items.jsonl:2: field {field}" in err
    assert not (tmp_path / "out").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["items.jsonl"]   # no staging folder left behind


def test_a_repeated_id_and_a_broken_line_are_named(tmp_path: Path, capsys) -> None:
    script = _script()
    item = _items(1)[0]
    source = _write(tmp_path / "items.jsonl", [item, item])
    assert script.main(["--source", str(source), "--out", str(tmp_path / "out")]) == 2
    assert "items.jsonl:2: field 'id' 'q0' repeats line 1" in capsys.readouterr().err
    source.write_text(json.dumps(item) + "\n{not json\n", encoding="utf-8")
    assert script.main(["--source", str(source), "--out", str(tmp_path / "out")]) == 2
    assert "items.jsonl:2: not JSON" in capsys.readouterr().err


def test_nested_answers_are_read_as_every_variant_of_every_part(tmp_path: Path) -> None:
    script = _script()
    item = {**_items(1)[0], "answer": [["Ann Lee", "A. Lee"], ["Bo Chan"]], "id": 5}
    (read,) = script.read_items(_write(tmp_path / "i.jsonl", [item]))
    assert read["answers"] == ["Ann Lee", "A. Lee", "Bo Chan"] and read["id"] == "5"


def test_it_replaces_only_a_suite_it_wrote(tmp_path: Path, capsys) -> None:
    script = _script()
    source = _write(tmp_path / "items.jsonl", _items())
    assert script.main(["--source", str(source), "--out", str(tmp_path)]) == 2      # the source's own folder
    assert "is not a suite this script wrote" in capsys.readouterr().err
    assert (tmp_path / "items.jsonl").exists()
    other = tmp_path / "kb"
    other.mkdir()
    (other / "suite.yaml").write_text("name: kb\n", encoding="utf-8")
    assert script.main(["--source", str(source), "--out", str(other)]) == 2
    assert (other / "suite.yaml").read_text(encoding="utf-8") == "name: kb\n"
    ours = tmp_path / "news"
    assert script.main(["--source", str(source), "--out", str(ours)]) == 0
    assert script.main(["--source", str(source), "--out", str(ours), "--seed", "other"]) == 0   # rebuilt in place


def test_a_yes_no_answer_never_drops_a_question(tmp_path: Path) -> None:
    script = _script()
    items = [{**it, "answer": ["No"], "type": "yesno"} for it in _items(4)]
    corpus, cases, dropped = script.build(script.read_items(_write(tmp_path / "i.jsonl", items)), "s")
    assert dropped == [] and len(cases) == 4
    assert all("answers" not in c for c in cases if c["expect"] == "answer")


def test_a_rebuild_keeps_the_folders_readme(tmp_path: Path) -> None:
    script = _script()
    source = _write(tmp_path / "items.jsonl", _items())
    out = tmp_path / "news"
    assert script.main(["--source", str(source), "--out", str(out)]) == 0
    (out / "README.md").write_text("# news\n", encoding="utf-8")
    assert script.main(["--source", str(source), "--out", str(out)]) == 0
    assert (out / "README.md").read_text(encoding="utf-8") == "# news\n"
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "cases.jsonl", "corpus.jsonl", "suite.yaml"]


def test_a_review_of_the_builder(tmp_path: Path, capsys) -> None:
    """A hostile review's findings (session 56), kept."""
    script = _script()
    # a cut item whose answering passage another item gives is answerable: dropped, never a case to refuse
    items = _items(8)
    for it in items:
        it["positive"].append("The Kelverton pier stays open all winter.")
    corpus, cases, dropped = script.build(script.read_items(_write(tmp_path / "i.jsonl", items)), "s")
    assert len(dropped) == 4 and all(c["expect"] == "answer" for c in cases)
    # an answer is a whole word among Latin letters and digits: "1" does not stand in "1890"
    one = [{**_items(1)[0], "id": f"q{i}", "answer": ["1"], "positive": [f"Fair {i} had one stall."],
            "negative": ["Founded in 1890."]} for i in range(4)]
    corpus, cases, dropped = script.build(script.read_items(_write(tmp_path / "o.jsonl", one)), "s")
    assert dropped == [] and len(cases) == 4
    # NaN is no answer; a BOM is read; deep nesting is a clear error
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "query": "q?", "answer": [NaN], "positive": ["p"], "negative": []}\n', encoding="utf-8")
    with pytest.raises(script.SourceError, match="NaN"):
        script.read_items(bad)
    bom = tmp_path / "bom.jsonl"
    bom.write_text(json.dumps(_items(1)[0]) + "\n", encoding="utf-8-sig")
    assert script.read_items(bom)[0]["id"] == "q0"
    bad.write_text("[" * 100_000 + "\n", encoding="utf-8")
    with pytest.raises(script.SourceError, match="bad.jsonl:1"):
        script.read_items(bad)
    # a folder name that is no suite name (YAML would misread "news #2" as "news") is refused
    source = _write(tmp_path / "items.jsonl", _items())
    assert script.main(["--source", str(source), "--out", str(tmp_path / "news #2")]) == 2
    assert "must match" in capsys.readouterr().err and not (tmp_path / "news #2").exists()
    # a link as --out is refused, the suite it points at untouched
    assert script.main(["--source", str(source), "--out", str(tmp_path / "news2")]) == 0
    (tmp_path / "link").symlink_to(tmp_path / "news2")
    assert script.main(["--source", str(source), "--out", str(tmp_path / "link")]) == 2
    assert "is a link or a file" in capsys.readouterr().err


def test_a_failed_move_keeps_the_old_suite_and_its_notes(tmp_path: Path, monkeypatch) -> None:
    script = _script()
    source = _write(tmp_path / "items.jsonl", _items())
    out = tmp_path / "news"
    assert script.main(["--source", str(source), "--out", str(out)]) == 0
    (out / "notes").mkdir()
    (out / "notes" / "review.md").write_text("kept\n", encoding="utf-8")
    before = (out / "cases.jsonl").read_text(encoding="utf-8")
    real = Path.rename

    def failing(self: Path, target: Path):   # the staging folder's move into place fails (disk full)
        if self.name.startswith(".news-") and "-old-" not in self.name and Path(target) == out:
            raise OSError(28, "No space left on device")
        return real(self, target)

    monkeypatch.setattr(Path, "rename", failing)
    with pytest.raises(OSError):
        script.main(["--source", str(source), "--out", str(out), "--seed", "other"])
    monkeypatch.undo()
    assert (out / "cases.jsonl").read_text(encoding="utf-8") == before
    assert (out / "notes" / "review.md").read_text(encoding="utf-8") == "kept\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []   # nothing left beside it
    assert script.main(["--source", str(source), "--out", str(out), "--seed", "other"]) == 0
    assert (out / "notes" / "review.md").read_text(encoding="utf-8") == "kept\n"      # a rebuild keeps folders too

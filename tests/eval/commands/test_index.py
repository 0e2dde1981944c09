from __future__ import annotations

from pathlib import Path

from eval.cli import main

ROOT = Path(__file__).resolve().parents[3]


def config(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "c.yaml"
    path.write_text(
        "name: t\n"
        f"suites: ['{ROOT / 'goldensets/kb-zh/suite.yaml'}', '{ROOT / 'goldensets/kb-en/suite.yaml'}']\n"
        f"workdir: {tmp_path / 'work'}\n"
        "embedder: {name: hashing, params: {dim: 64}}\n" + extra,
        encoding="utf-8",
    )
    return path


def test_index_twice_then_change_chunk_size(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("RAGBENCH_WORKDIR", raising=False)
    path = config(tmp_path)
    assert main(["index", str(path)]) == 0
    first = capsys.readouterr().out
    assert first.count("built") == 6 and "sanitized    supplier-notice.html" in first
    assert main(["index", str(path)]) == 0
    second = capsys.readouterr().out
    assert second.count("reused") == 6 and "embedded 0 texts" in second
    assert main(["index", str(path), "-P", "chunker.params.max_chars=200", "--suite", "kb-en"]) == 0
    third = capsys.readouterr().out
    assert "kb-zh" not in third and "chunker.params.max_chars: 800 → 200" in third


def test_unknown_suite_name_is_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["index", str(config(tmp_path)), "--suite", "nope"]) == 2
    assert "no suite named nope" in capsys.readouterr().err

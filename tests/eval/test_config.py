from __future__ import annotations

from pathlib import Path

import pytest

from eval.cli import main
from eval.config import load_config
from rag.errors import ConfigError, InputError

ROOT = Path(__file__).resolve().parents[2]


def write_config(tmp_path: Path, body: str) -> Path:
    suite = ROOT / "goldensets" / "kb-en" / "suite.yaml"
    path = tmp_path / "config.yaml"
    path.write_text(f"name: t\nsuites: [{suite}]\n{body}", encoding="utf-8")
    return path


def test_shipped_default_config_validates() -> None:
    config = load_config(ROOT / "configs" / "default.yaml")
    assert config.chunker.name == "heading_aware"
    assert config.embedder_for("en").name == "minilm"
    assert config.embedder_for("zh").name == "use"
    assert main(["validate", str(ROOT / "configs" / "default.yaml")]) == 0


def test_misspelt_chunker_names_file_line_field_and_suggestion(tmp_path: Path, capsys) -> None:
    path = write_config(tmp_path, "cleaner: standard\nchunker: heading_awre\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    err = info.value
    assert (err.file, err.line, err.field) == (str(path), 4, "chunker.name")
    assert "did you mean 'heading_aware'" in str(err)
    assert main(["validate", str(path)]) == 2
    out = capsys.readouterr().err
    assert f"{path}:4: chunker.name: unknown chunker 'heading_awre'; did you mean 'heading_aware'?" in out


def test_a_misspelt_cross_embedder_is_named_too(tmp_path: Path) -> None:
    path = write_config(tmp_path, "cross_embedder: {en: usee}\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.field == "cross_embedder.en.name" and "did you mean 'use'" in str(info.value)
    assert load_config(ROOT / "configs" / "default.yaml").cross_embedder_for("en").name == "use"
    assert load_config(ROOT / "configs" / "default.yaml").cross_embedder_for("zh") is None


def test_unknown_parameter_points_at_its_line(tmp_path: Path) -> None:
    path = write_config(tmp_path, "chunker:\n  name: sentence\n  params:\n    max_chr: 10\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.line == 6
    assert info.value.field == "chunker.params.max_chr"
    assert "did you mean 'max_chars'" in str(info.value)


def test_unknown_top_level_key_is_an_error_not_ignored(tmp_path: Path) -> None:
    path = write_config(tmp_path, "chunk_size: 300\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert (info.value.line, info.value.field, info.value.message) == (3, "chunk_size", "unknown field")


def test_per_language_embedder_checks_each_name(tmp_path: Path) -> None:
    path = write_config(tmp_path, "embedder:\n  en: minilm\n  zh: usee\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.field == "embedder.zh.name"
    assert info.value.line == 5


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    path = write_config(tmp_path, "chunker: [unclosed\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.line is not None and "YAML syntax error" in str(info.value)


def test_missing_suite_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("name: t\nsuites:\n  - nowhere/suite.yaml\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert info.value.line == 3 and info.value.field == "suites.0"


def test_overrides_set_dotted_paths_and_grow_bare_names(tmp_path: Path) -> None:
    path = write_config(tmp_path, "chunker: heading_aware\n")
    config = load_config(path, ["chunker.params.max_chars=300", "sparse_index.params.k1=1.2"])
    assert config.chunker.params == {"max_chars": 300}
    assert config.sparse_index.params == {"k1": 1.2}
    with pytest.raises(InputError):
        load_config(path, ["no-equals-sign"])


def test_validate_reports_every_bad_file_and_accepts_suites(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nlanguage: fr\ncorpus: docs\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    good = ROOT / "goldensets" / "kb-zh" / "suite.yaml"
    assert main(["validate", str(bad), str(good)]) == 2
    captured = capsys.readouterr()
    assert f"{bad}:2: language:" in captured.err
    assert f"ok  {good}" in captured.out


def test_every_shipped_config_sweep_and_gate_validates(capsys) -> None:
    files = sorted(str(p) for p in (ROOT / "configs").glob("*.yaml"))
    assert main(["validate", *files]) == 0
    out = capsys.readouterr().out
    assert "(gate)" in out and "(sweep)" in out and "(config)" in out and "(tune)" in out


def test_validate_rejects_a_bad_component_value_with_its_line(tmp_path: Path, capsys) -> None:
    config = (ROOT / "configs" / "default.yaml").read_text(encoding="utf-8")
    assert "    scatter_scope: prose\n" in config
    bad = tmp_path / "config.yaml"
    bad.write_text(config.replace("    scatter_scope: prose\n", "    scatter_scope: Prose\n")
                   .replace("../goldensets", str(ROOT / "goldensets")), encoding="utf-8")
    assert main(["validate", str(bad)]) == 2
    err = capsys.readouterr().err
    line = next(i for i, text in enumerate(bad.read_text(encoding="utf-8").splitlines(), 1) if text.startswith("    scatter_scope:"))
    assert f"{bad}:{line}: answerability.params.scatter_scope:" in err and "Traceback" not in err


"""Fixtures shared by the eval tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

HOSTILE = "<script>alert('pwned')</script>"


@pytest.fixture
def project(tmp_path: Path, monkeypatch) -> Path:
    """A small suite (one hostile document among them) and a hashing-embedder config."""
    monkeypatch.setenv("RAGBENCH_WORKDIR", str(tmp_path / "work"))
    docs = tmp_path / "suite" / "docs"
    docs.mkdir(parents=True)
    (docs / "hotel.md").write_text("# Hotels\n\nThe hotel cap in London is 240 USD per night.", encoding="utf-8")
    (docs / "meals.md").write_text("# Meals\n\nThe meal allowance is 55 USD per day.", encoding="utf-8")
    (docs / "pay.md").write_text("# Pay\n\nBand L4 pays up to 150,000 USD.", encoding="utf-8")
    (docs / "pay.md.metadata.yaml").write_text("department: hr\nclearance: 3\n", encoding="utf-8")
    (docs / "widget.md").write_text(f"# Widget notes\n\nThe widget page shows {HOSTILE} as its banner.",
                                    encoding="utf-8")
    cases = [
        {"id": "hotel", "question": "What is the hotel cap in London?", "expected_docs": ["hotel"], "as": "staff"},
        {"id": "meals", "question": "What is the meal allowance per day?", "expected_docs": ["meals"]},
        {"id": "widget", "question": "What banner does the widget page show?", "expected_docs": ["widget"]},
        {"id": "pay-denied", "question": "How much does band L4 pay?", "expect": "refuse", "as": "staff"},
        {"id": "picnic", "question": "When is the company picnic?", "expect": "refuse"},
        {"id": "pay-hr", "question": "How much does band L4 pay?", "expected_docs": ["pay"], "as": "hr"},
    ]
    (tmp_path / "suite" / "cases.jsonl").write_text("\n".join(json.dumps(c) for c in cases), encoding="utf-8")
    (tmp_path / "suite" / "suite.yaml").write_text(
        "name: tiny\nlanguage: en\ncorpus: docs\ncases: cases.jsonl\n"
        "identities:\n  staff: {departments: [], clearance: 0}\n  hr: {departments: [hr], clearance: 3}\n",
        encoding="utf-8")
    (tmp_path / "config.yaml").write_text(
        f"name: tiny\nsuites: ['{tmp_path / 'suite' / 'suite.yaml'}']\n"
        "embedder: {name: hashing, params: {dim: 256}}\n"
        "answerability: {name: evidence, params: {semantic: false, coverage_weight: 1.0, answer_at: 0.5}}\n",
        encoding="utf-8")
    return tmp_path



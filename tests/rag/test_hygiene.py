"""Ingest hygiene: page furniture removed, placeholders flagged, personal data masked."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.clean import cleaners
from rag.config import PipelineConfig
from rag.corpus import load_corpus, scan
from rag.hygiene import mask_pii, placeholders_in, strip_page_furniture
from rag.indexing import Indexer
from rag.poison import scanners
from rag.registry import ComponentSpec
from tests.conftest import make_pdf

HASHING = PipelineConfig(embedder=ComponentSpec(name="hashing", params={"dim": 64}))


def test_repeated_headers_and_footers_leave_every_page() -> None:
    pages = ["ACME internal\nChapter 1\nThe fee is 40 USD.\nPage 1 of 3",
             "ACME internal\nRefunds take 5 days.\nPage 2 of 3",
             "ACME internal\nThe office closes at 18:00.\nMore text.\nPage 3 of 3"]
    out, removed = strip_page_furniture(pages)
    assert out == ["Chapter 1\nThe fee is 40 USD.", "Refunds take 5 days.", "The office closes at 18:00.\nMore text."]
    assert removed == ["ACME internal", "Page 1 of 3"]


def test_two_pages_or_lines_that_do_not_repeat_are_left_alone() -> None:
    assert strip_page_furniture(["Header\nA", "Header\nB"]) == (["Header\nA", "Header\nB"], [])
    pages = ["Intro\nA", "Other\nB", "Third\nC"]
    assert strip_page_furniture(pages) == (pages, [])


def test_pdf_furniture_is_removed_at_ingest_and_pages_still_line_up(write) -> None:
    pages = [f"Larkfield Labs - confidential\nSection {i}: the rate for zone {i} is {i * 10} USD.\nPage {i} of 4"
             for i in range(1, 5)]
    write("rates.pdf", make_pdf(pages))
    corpus = load_corpus(scan(write.root), clean=cleaners.build("standard"), scan_poison=scanners.build("patterns"))
    (doc,) = corpus.documents
    assert "confidential" not in doc.text and "Page 3 of 4" not in doc.text
    assert "zone 3 is 30 USD" in doc.text
    assert doc.metadata["page_furniture"] == ["Larkfield Labs - confidential", "Page 1 of 4"]
    assert len(doc.page_starts) == 4 and "zone 3" in doc.text[doc.page_starts[2]:doc.page_starts[3]]


@pytest.mark.parametrize("text, found", [("人均 ××× 元，时间待定", ["×××", "待定"]), ("Owner: TBD.", ["TBD"]),
                                         ("The budget is 400 USD.", []), ("TBDX and STBD", []),
                                         ("[to be confirmed]", ["[to be confirmed]"])])
def test_placeholders(text: str, found: list[str]) -> None:
    assert placeholders_in(text) == found


def test_chunks_with_placeholders_are_flagged(write, tmp_path: Path) -> None:
    write("a.md", "# Outing\n\nThe 2025 team outing budget is ××× per person; the date is TBD.")
    write("b.md", "# Canteen\n\nThe canteen opens at 11:30.")
    index, _ = Indexer(tmp_path / "w").ensure("kb", write.root, HASHING, "en")
    flags = {c.doc_id: c.metadata.get("placeholders") for c in index.chunks}
    assert flags == {"a": ["×××", "TBD"], "b": None}


@pytest.mark.parametrize("text, masked", [
    ("手机 13812345678 或 138-1234-5678", "手机 [PHONE] 或 [PHONE]"),
    ("座机 021-66668888", "座机 [PHONE]"),
    ("身份证号 11010119900307123X", "身份证号 [ID]"),
    ("write to jane.doe@corp.example.com", "write to [EMAIL]"),
    ("+44 20 7946 0958 and (555) 123-4567", "[PHONE] and [PHONE]"),
    ("extension 5000, 2024-05-01, 20,000 元, VPN-809, 12345678901", "extension 5000, 2024-05-01, 20,000 元, VPN-809, 12345678901"),
])
def test_pii_masking(text: str, masked: str) -> None:
    assert mask_pii(text) == masked


def test_pii_mask_is_in_the_index_key_and_no_chunk_keeps_the_data(write, tmp_path: Path) -> None:
    write("hr.md", "# Contacts\n\nHR: Li Lei, 13812345678, li.lei@qinghe.example, ID 110101199003071234.")
    indexer = Indexer(tmp_path / "w")
    plain, _ = indexer.ensure("kb", write.root, HASHING, "en")
    masked_config = HASHING.model_copy(update={"cleaner": ComponentSpec(name="standard", params={"pii": "mask"})})
    masked, report = indexer.ensure("kb", write.root, masked_config, "en")
    assert masked.keys.chunks != plain.keys.chunks and report.stages[0].action == "rebuilt"
    text = " ".join(c.text for c in masked.chunks)
    assert "13812345678" not in text and "li.lei" not in text and "110101199003071234" not in text
    assert "[PHONE]" in text and "[EMAIL]" in text and "[ID]" in text

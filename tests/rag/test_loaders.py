"""Each loader on real files created here: pdf, docx, html, GB18030 text, corrupt and empty."""

from __future__ import annotations

from pathlib import Path

import pytest

from rag.clean import cleaners
from rag.corpus import load_corpus, scan
from rag.errors import ConfigError, DocumentLoadError
from rag.loaders import loader_for, loaders
from rag.poison import scanners
from tests.conftest import make_docx, make_pdf


def load_folder(root: Path):
    return load_corpus(scan(root), clean=cleaners.build("standard"), scan_poison=scanners.build("patterns"))


def test_loaders_are_chosen_by_extension() -> None:
    assert [loader_for(s) for s in (".md", ".MD", ".txt", ".htm", ".pdf", ".docx", ".xyz")] == [
        "md", "md", "txt", "html", "pdf", "docx", None]


def test_markdown_with_sidecar_sets_id_title_and_labels(write) -> None:
    write("hr/leave.md", "# Leave policy\n\nTwenty days a year.")
    write("hr/leave.md.metadata.yaml",
          "document_id: leave\ntitle: Annual leave\ndepartment: hr\nclearance: 2\ntags: [hr]\nowner: ana\n")
    write("notes.md", "# Notes\n\nNothing secret.")
    corpus = load_folder(write.root)
    by_id = {d.doc_id: d for d in corpus.documents}
    assert set(by_id) == {"leave", "notes"}  # sidecar id, else path without extension
    leave = by_id["leave"]
    assert leave.title == "Annual leave"
    assert leave.metadata == {"department": "hr", "clearance": 2, "tags": ["hr"], "owner": "ana"}
    assert by_id["notes"].title == "Notes" and by_id["notes"].metadata["clearance"] == 0


def test_bad_sidecar_is_an_input_error_with_file_and_line(write) -> None:
    write("a.md", "# A\n\ntext")
    sidecar = write("a.md.metadata.yaml", "title: A\nclearance: high\n")
    with pytest.raises(ConfigError) as info:
        load_folder(write.root)
    assert (info.value.file, info.value.line, info.value.field) == (str(sidecar), 2, "clearance")


def test_duplicate_document_ids_are_refused(write) -> None:
    write("a.md", "# A\n\nx")
    write("b.md", "# B\n\ny")
    write("b.md.metadata.yaml", "document_id: a\n")
    with pytest.raises(ConfigError, match="used by both a.md and b.md"):
        load_folder(write.root)


def test_gb18030_text_decodes(write) -> None:
    write("制度.txt", "第一条 出差住宿每晚不超过五百元。", encoding="gb18030")
    (doc,) = load_folder(write.root).documents
    assert doc.text == "第一条 出差住宿每晚不超过五百元。"
    assert doc.doc_id == "制度" and doc.title == "制度"


def test_undecodable_bytes_are_reported_and_skipped(write) -> None:
    write("bad.txt", b"\xff\xfe\xfa\x80\x81\xfe\xff" * 3)
    write("ok.txt", "fine")
    corpus = load_folder(write.root)
    assert [d.doc_id for d in corpus.documents] == ["ok"]
    assert corpus.issues[0].source == "bad.txt" and "GB18030" in corpus.issues[0].reason


def test_html_drops_script_style_head_svg_and_keeps_table_cells_apart(write) -> None:
    write("page.html", """<html><head><title>Rates</title><style>p{color:red}</style>
      <script>var secret = 1;</script></head><body><h2>Hotel caps</h2>
      <p>Caps&nbsp;apply per night.</p><svg><text>chart label</text></svg>
      <table><tr><th>City</th><th>Cap</th></tr><tr><td>London</td><td>240</td></tr></table>
      <ul><li>one</li><li>two</li></ul></body></html>""")
    (doc,) = load_folder(write.root).documents
    assert doc.title == "Rates"
    assert "secret" not in doc.text and "color" not in doc.text and "chart label" not in doc.text
    assert "## Hotel caps" in doc.text
    assert "Caps apply per night." in doc.text  # NBSP normalised
    assert "| City | Cap |" in doc.text and "| London | 240 |" in doc.text
    assert "- one\n" in doc.text


def test_pdf_keeps_page_numbers(write) -> None:
    write("guide.pdf", make_pdf(["Alpha page talks about hotels.", "Beta page talks about meals."],
                                title="Travel guide"))
    (doc,) = load_folder(write.root).documents
    assert doc.title == "Travel guide"
    assert len(doc.page_starts) == 2
    assert doc.page_at(doc.text.index("Alpha")) == 1
    assert doc.page_at(doc.text.index("Beta")) == 2


def test_corrupt_and_empty_files_are_reported_and_the_rest_ingests(write) -> None:
    write("broken.pdf", b"%PDF-1.4\n this is not really a pdf \x00\x01")
    write("broken.docx", b"PK\x03\x04 not a zip")
    write("empty.md", "")
    write("blank.txt", "   \n\n ")
    write("image.png", b"\x89PNG\r\n")
    write("good.md", "# Good\n\nstill ingested")
    corpus = load_folder(write.root)
    assert [d.doc_id for d in corpus.documents] == ["good"]
    reasons = {i.source: i.reason for i in corpus.issues}
    assert reasons["broken.pdf"].startswith("corrupt PDF")
    assert reasons["broken.docx"].startswith("corrupt DOCX")
    assert reasons["empty.md"] == reasons["blank.txt"] == "empty file"
    assert reasons["image.png"] == "unsupported file type .png"


def test_docx_keeps_paragraphs_and_tables_in_document_order(write) -> None:
    write("rates.docx", make_docx([
        ("h1", "Per diem"),
        ("p", "Before the table."),
        ("table", [["Tier", "Meals"], ["1", "55 USD"], ["2", "40 USD"]]),
        ("h2", "Notes"),
        ("p", "After the table."),
    ], title="Per diem rates"))
    (doc,) = load_folder(write.root).documents
    assert doc.title == "Per diem rates"
    text = doc.text
    assert text.index("# Per diem") < text.index("Before the table.") < text.index("| Tier | Meals |")
    assert text.index("| 2 | 40 USD |") < text.index("## Notes") < text.index("After the table.")


def test_hidden_files_and_sidecars_are_not_documents(write) -> None:
    write(".git/config", "x")
    write("a.md", "# A\n\ntext")
    write("a.md.metadata.yaml", "title: A\n")
    assert [f.rel for f in scan(write.root)] == ["a.md"]


def test_pdf_loader_raises_a_load_error_directly() -> None:
    load = loaders.build("pdf")
    with pytest.raises(DocumentLoadError, match="corrupt PDF"):
        load(b"garbage", "x.pdf")


def test_beir_jsonl_gz_yields_one_document_per_line(write) -> None:
    import gzip
    import json

    rows = [{"_id": "4983", "title": "Microstructural development", "text": "Alterations of the brain.", "metadata": {}},
            {"_id": "5836", "title": "", "text": "No title here.", "metadata": {"year": 2010}}]
    write("corpus.jsonl.gz", gzip.compress("\n".join(json.dumps(r) for r in rows).encode()))
    docs = load_folder(write.root).documents
    assert [(d.doc_id, d.title, d.text) for d in docs] == [
        ("4983", "Microstructural development", "Microstructural development\nAlterations of the brain."),
        ("5836", "5836", "No title here.")]
    assert docs[1].metadata["year"] == 2010


def test_a_broken_beir_line_is_reported_with_its_line(write) -> None:
    write("corpus.jsonl", '{"_id": "1", "text": "ok"}\nnot json\n')
    corpus = load_folder(write.root)
    assert corpus.documents == [] and corpus.issues[0].reason.startswith("corpus.jsonl:2: not a BEIR corpus line")


def test_pdf_lines_wrapped_by_the_layout_are_rejoined() -> None:
    from rag.loaders.pdf import unwrap

    zh = "一、适用范围\n若两台网关均告警，按 P1 事件处理，并在十五分钟之内电话通知运维经理和值班负责\n人。其余情况照常。"
    assert unwrap(zh) == "一、适用范围\n若两台网关均告警，按 P1 事件处理，并在十五分钟之内电话通知运维经理和值班负责人。其余情况照常。"
    en = "Short heading\nThis English line is long enough to count as wrapped by\nthe layout.\nEnds here."
    assert unwrap(en) == "Short heading\nThis English line is long enough to count as wrapped by the layout.\nEnds here."


def test_markdown_joins_a_wrapped_paragraph_and_list_item_as_a_reader_sees_them() -> None:
    from rag.loaders.text import joined_soft_breaks

    text = ("# Expenses\n\nHotels outside London are paid\nup to **£95 per night**, including breakfast.\n\n"
            "1. Submit the claim within 60 days. Late claims are not paid unless the Head of\n   Operations agrees.\n"
            "2. Keep receipts.\n- one\n  more\n| a | b |\n|---|---|\n| 1 | 2 |\n## Next\n"
            "报销须在出差结束后\n30 日内提交，逾期\n不予受理。\n\n"
            "A hard break  \nstays\n```\ncode\nstays\n```\n> quoted\n> lines\n")
    joined = joined_soft_breaks(text).split("\n")
    assert "Hotels outside London are paid up to **£95 per night**, including breakfast." in joined
    assert "1. Submit the claim within 60 days. Late claims are not paid unless the Head of Operations agrees." in joined
    assert "2. Keep receipts." in joined and "- one more" in joined
    assert "| a | b |" in joined and "|---|---|" in joined and "| 1 | 2 |" in joined and "## Next" in joined
    assert "报销须在出差结束后 30 日内提交，逾期不予受理。" in joined   # (a space beside a digit, none between characters)
    assert "A hard break  " in joined and "stays" in joined
    assert joined.count("stays") == 2 and "code" in joined   # a code block keeps its lines
    assert "> quoted" in joined and "> lines" in joined


def test_markdown_version_one_keeps_the_text_as_it_is(tmp_path) -> None:
    from rag.loaders.text import markdown

    data = b"# T\n\nwrapped\nline\n"
    assert markdown()(data, "a.md").text == "# T\n\nwrapped line\n"
    assert markdown(join_wrapped=False)(data, "a.md").text == "# T\n\nwrapped\nline\n"

"""Buckets: a question routed to one metadata namespace searches only there, never beyond the ACL."""

from __future__ import annotations

from pathlib import Path

from rag.config import PipelineConfig
from rag.indexing import Indexer
from rag.pipeline import Pipeline
from rag.registry import ComponentSpec
from rag.transforms.bucket import choose
from rag.types import Identity

CONFIG = PipelineConfig(embedder=ComponentSpec(name="hashing"), retrievers=[ComponentSpec(name="bm25")],
                        answerability=ComponentSpec(name="always"))
BUCKETS = ComponentSpec(name="bucket", params={"field": "department",
                                               "keywords": {"it": ["VPN", "server"], "hr": ["salary"]}})


def test_choose_needs_exactly_one_bucket() -> None:
    table = {"it": ["VPN"], "hr": ["salary"]}
    assert choose("vpn error 809", table) == "it"
    assert choose("salary after the VPN course", table) is None     # two buckets: ambiguous
    assert choose("lunch menu", table) is None


def test_the_bucket_filters_retrieval_and_never_widens_the_acl(write, tmp_path: Path) -> None:
    write("it.md", "# VPN guide\n\nThe VPN password resets every 90 days.")
    write("it.md.metadata.yaml", "department: it\n")
    write("hr.md", "# Pay\n\nThe VPN allowance and salary are paid monthly; passwords for payroll reset every 30 days.")
    write("hr.md.metadata.yaml", "department: hr\nclearance: 3\n")
    write("faq.md", "# FAQ\n\nPasswords reset every 60 days. VPN questions go to IT.")
    config = CONFIG.model_copy(update={"query_transforms": [BUCKETS]})
    idx, _ = Indexer(tmp_path / "w").ensure("kb", write.root, config, "en")
    plain = Pipeline(CONFIG, idx).retrieve("How often does the VPN password reset?")
    assert {c.chunk.doc_id for c in plain.candidates} == {"it", "hr", "faq"}
    routed = Pipeline(config, idx).retrieve("How often does the VPN password reset?")
    assert {c.chunk.doc_id for c in routed.candidates} == {"it"}
    assert routed.env.facts["bucket"] == "department=it"
    # an asker who may not see the hr bucket gets nothing from it, and the filter falls back
    # to the ACL alone rather than to an empty search
    staff = Identity("staff", departments=frozenset(), clearance=0)
    salary = Pipeline(config, idx).retrieve("What is my salary?", staff)
    assert "hr" not in {c.chunk.doc_id for c in salary.candidates}
    assert "not applied" in salary.env.facts["bucket"]

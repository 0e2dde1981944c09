"""Suites: a corpus plus golden cases — the public format of DESIGN §5.

Cases come from YAML (a list of mappings, in ``suite.yaml`` or a file it names), JSONL (one
case per line), a BEIR folder (``queries.jsonl`` + ``qrels/<split>.tsv``, graded relevance
kept), or a table that Hugging Face ``datasets`` reads from local files (csv, json, parquet).
Every problem is reported with file, line and field, and nothing runs half-loaded.
"""

from eval.suites.formats import beir_paths, expand_turns, read_qrels, suite_files
from eval.suites.load import CorpusIds, check_cases, corpus_ids, load_suite, suite_hash
from eval.suites.models import Case, IdentitySpec, Suite, SuiteFile, Turn, beir_corpus_file

__all__ = ["Case", "CorpusIds", "IdentitySpec", "Suite", "SuiteFile", "Turn", "beir_corpus_file", "beir_paths",
           "check_cases", "corpus_ids", "expand_turns", "load_suite", "read_qrels", "suite_files", "suite_hash"]

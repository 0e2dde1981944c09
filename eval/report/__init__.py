"""Static HTML reports: one self-contained file each (no server, no CDN), jinja2 with
autoescape on — document text is data and must never run as markup."""

from __future__ import annotations

from eval.report.run import write_run_report
from eval.report.summary import format_summary

__all__ = ["format_summary", "write_run_report"]

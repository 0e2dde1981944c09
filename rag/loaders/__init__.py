"""Loaders turn one corpus file into text, chosen by file extension.

Every loader returns Markdown-flavoured text (``#`` headings, ``|`` table rows) so that the
chunkers see one structure whatever the source format. Importing this package registers the
built-in loaders; their heavy libraries (pypdf, python-docx, bs4) load on first use.
"""

from __future__ import annotations

from rag.loaders import beir, docx, html, pdf, text  # noqa: E402,F401  (register built-ins)
from rag.loaders.base import Loaded, Loader, extension_of, loader_for, loaders

__all__ = ["Loaded", "Loader", "extension_of", "loader_for", "loaders"]

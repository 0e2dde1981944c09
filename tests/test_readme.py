"""The README stays true to the CLI: every command is documented, the two set-up commands are
stated, and the file is prose, not a runaway edit (a bad scripted replace once blew it up to 90 MB)."""

from __future__ import annotations

import re
from pathlib import Path

from eval.cli import _parser

README = Path(__file__).resolve().parents[1] / "README.md"


def test_every_command_is_in_the_commands_table() -> None:
    text = README.read_text(encoding="utf-8")
    sub = next(a for a in _parser()._actions if a.__class__.__name__ == "_SubParsersAction")
    missing = [name for name in sub.choices if not re.search(rf"\| `ragbench {name}\b", text)]
    assert missing == []


def test_readme_states_the_two_set_up_commands_and_has_a_sane_size() -> None:
    text = README.read_text(encoding="utf-8")
    assert "make bench" in text and "make test" in text
    assert len(text) < 300_000 and len(text.splitlines()) < 3_000
    lines = [ln for ln in text.splitlines() if len(ln) > 40]
    assert max(lines.count(ln) for ln in set(lines)) <= 3     # no paragraph pasted over and over

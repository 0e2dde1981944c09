"""A generator that kills its own process (SIGKILL, no clean-up) once, after N answers.

Used by the kill-and-resume test through the registry's ``module:attr`` names; the marker
file makes it fire only in the first run.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from rag.generators import Generation

ANSWERED = [0]  # per process, across every pipeline built in it (a sweep builds one per variant)


def killer(*, marker: str, after: int = 3):  # noqa: ANN201
    def generate(question, context, decision, env):  # noqa: ANN001, ANN202
        ANSWERED[0] += 1
        if ANSWERED[0] > after and not Path(marker).exists():
            Path(marker).write_text("killed", encoding="utf-8")
            os.kill(os.getpid(), signal.SIGKILL)
        if decision.action == "refuse" or not context:
            return Generation("refused")
        return Generation(f"{context[0].text.splitlines()[-1]} [1]")

    return generate

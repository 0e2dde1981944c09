"""What every page shares: the templates folder and the jinja2 environment (autoescape on,
undefined names fail) with the number filters."""

from __future__ import annotations

from pathlib import Path

from eval.report.summary import fmt

TEMPLATES = Path(__file__).parent / "templates"


def environment():  # noqa: ANN201
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["metric"] = lambda agg: fmt(agg)[0]
    env.filters["interval"] = lambda agg: fmt(agg)[1]
    env.filters["num"] = lambda v: "—" if v is None else (f"{v:.4g}" if isinstance(v, float) else str(v))
    return env



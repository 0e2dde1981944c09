"""A must-refuse question asked beside an answerable one (``make perf``): is the part without evidence
still refused when the message has another part that has some?

The kb suites' dev splits hold no such message, so this builds them from the dev cases (a seeded draw):
each must-refuse dev question joined to an answerable single dev question that the default config
passes ("出差伙食补助每天多少钱？另外去海外出差的住宿标准是多少？", "How many days of annual leave do I
get? Also, Am I allowed to bring my dog into the office on Fridays?"). A message should then be
``partial`` (or refused, for a name or a code no document holds); ``answered`` means the must-refuse part
was answered. Printed for the evidence rule's ``part_ratio`` (the share of the bar a part is decided
at: 1.0, the default config's, 0.85); written to reports/perf/mixed-parts.json.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from perf._scifact import ROOT, write_result  # noqa: E402

SEED = 7
RATIOS = ("1.0", "0.9", "0.85")


def _records(out: Path) -> list[dict]:
    (cases,) = sorted(out.glob("*/cases.jsonl"))[-1:]
    return [json.loads(line) for line in cases.read_text(encoding="utf-8").splitlines()]


def _run(config: Path, suites: list[Path], out: Path, *params: str, dev: bool = False) -> list[dict]:
    ragbench = Path(sys.executable).with_name("ragbench")
    args = [str(ragbench), "run", str(config), "-P", "suites=[" + ", ".join(map(str, suites)) + "]", "--out", str(out)]
    args += ["--split", "dev"] if dev else []
    for p in params:
        args += ["-P", p]
    subprocess.run(args, check=True, capture_output=True)
    return _records(out)


def build(tmp: Path) -> list[Path]:
    """The mixed messages of each kb suite, as a suite over its documents (dev questions only)."""
    config = ROOT / "configs/default.yaml"
    suites = [ROOT / "goldensets" / name / "suite.yaml" for name in ("kb-zh", "kb-en")]
    passed = {(r["suite"], r["case_id"]) for r in _run(config, suites, tmp / "base", dev=True) if r["passed"]}
    rng = random.Random(SEED)
    built = []
    for suite in suites:
        name = suite.parent.name
        cases = [c for c in yaml.safe_load((suite.parent / "cases.yaml").read_text(encoding="utf-8"))
                 if c.get("split") == "dev" and not c.get("history")]
        refuse = [c for c in cases if c.get("expect") == "refuse" and not c["id"].startswith(("x-", "syn"))]
        answer = [c for c in cases if c.get("expect", "answer") == "answer" and "multi-doc" not in c.get("tags", [])
                  and (name, c["id"]) in passed and c.get("as", "employee") == "employee" and len(c["question"]) < 60]
        join = "另外" if name == "kb-zh" else " Also, "
        mixed = [{"id": f"mixed-{i}-{r['id']}", "split": "dev", "expect": "answer", "as": r.get("as", "employee"),
                  "question": rng.choice(answer)["question"].strip() + join + r["question"].strip(), "tags": ["mixed"]}
                 for i, r in enumerate(refuse)]
        folder = tmp / name
        folder.mkdir()
        meta = yaml.safe_load(suite.read_text(encoding="utf-8"))
        meta["corpus"] = str(suite.parent / meta.get("corpus", "docs"))
        (folder / "suite.yaml").write_text(yaml.safe_dump(meta, allow_unicode=True), encoding="utf-8")
        (folder / "cases.yaml").write_text(yaml.safe_dump(mixed, allow_unicode=True), encoding="utf-8")
        built.append(folder / "suite.yaml")
    return built


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["RAGBENCH_WORKDIR"] = str(Path(tmp) / "work")
        suites = build(Path(tmp))
        result = {}
        for ratio in RATIOS:
            records = _run(ROOT / "configs/default.yaml", suites, Path(tmp) / f"r{ratio}",
                           f"answerability.params.part_ratio={ratio}")
            counts = Counter((r["suite"], r["behaviour"]) for r in records)
            answered = sum(r["behaviour"] == "answered" for r in records)
            result[ratio] = {"messages": len(records), "must_refuse_part_answered": answered,
                             "by_suite": {f"{s}/{b}": n for (s, b), n in sorted(counts.items())}}
            print(f"part_ratio {ratio}: the must-refuse part answered in {answered} of {len(records)} mixed messages "
                  f"({', '.join(f'{k} {v}' for k, v in result[ratio]['by_suite'].items())})")
    write_result("mixed-parts", result)


if __name__ == "__main__":
    main()

"""Build goldensets/cmrc2018-negrej from ../shared/benchmarks/cmrc2018-negrej (or a path given).

Adds a dev / test split **by paragraph**: every question of one paragraph lands in the same
split, so a fitted rule never sees the paragraph it is reported on. The split is the shared
fold rule's hash order (sha256 of "cmrc2018-negrej:<paragraph id>"), dealt round-robin within
each stratum (paragraphs kept whole → questions to answer; cut → questions to refuse), so both
splits hold both kinds. Nothing else is changed: the corpus is copied byte for byte.

    python goldensets/_build/cmrc2018_negrej.py [SOURCE_DIR]
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "goldensets" / "cmrc2018-negrej"
SEED = "cmrc2018-negrej"


def paragraph(case_id: str) -> str:
    return case_id.split("_QUERY_", 1)[0]


def main(source: Path) -> None:
    cases = [json.loads(line) for line in (source / "cases.jsonl").read_text(encoding="utf-8").splitlines() if line]
    kind = {paragraph(c["id"]): c["expect"] for c in cases}
    split: dict[str, str] = {}
    for stratum in sorted(set(kind.values())):
        ids = sorted((p for p, k in kind.items() if k == stratum),
                     key=lambda p: hashlib.sha256(f"{SEED}:{p}".encode()).hexdigest())
        split |= {p: ("dev", "test")[i % 2] for i, p in enumerate(ids)}
    OUT.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source / "corpus.jsonl", OUT / "corpus.jsonl")
    with (OUT / "cases.jsonl").open("w", encoding="utf-8") as out:
        for c in cases:
            out.write(json.dumps({**c, "split": split[paragraph(c["id"])]}, ensure_ascii=False) + "\n")
    for name in ("dev", "test"):
        chosen = [c for c in cases if split[paragraph(c["id"])] == name]
        print(f"{name}: {len({paragraph(c['id']) for c in chosen})} paragraphs, {len(chosen)} questions, "
              f"{sum(c['expect'] == 'refuse' for c in chosen)} to refuse")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "benchmarks" / "cmrc2018-negrej")

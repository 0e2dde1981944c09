"""Traditional-Chinese twins of Chinese suites, for measuring how the pipeline reads traditional text.

Every text file of each suite (corpus, golden cases, sidecars, labels) is converted with OpenCC's ``s2twp``
(simplified to Taiwan traditional, characters and vocabulary), so the corpus and the questions are written as a
Taiwan handbook and its askers would write them; binary files are copied. The twins are written outside the repo
and run like any suite:

    python goldensets/_build/traditional_twins.py --out /tmp/trad kb-zh cmrc2018-negrej xuexiao-zh
    ragbench run configs/default.yaml --split dev -P "suites=[/tmp/trad/kb-zh/suite.yaml]" --out /tmp/trad-run

docs/ingest.md ("Traditional Chinese") gives what they measured.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import opencc

ROOT = Path(__file__).resolve().parents[1]


def twin(suite: str, out: Path, config: str = "s2twp") -> int:
    """Write the twin of goldensets/``suite`` under ``out``; the number of files written."""
    converter = opencc.OpenCC(config)
    source = ROOT / suite
    if not (source / "suite.yaml").is_file():
        raise SystemExit(f"{source}: no suite.yaml")
    written = 0
    for path in sorted(p for p in source.rglob("*") if p.is_file()):
        target = out / suite / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            shutil.copyfile(path, target)
        else:
            target.write_text(converter.convert(text), encoding="utf-8")
        written += 1
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="+", help="suite folders under goldensets/")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--config", default="s2twp", help="the OpenCC conversion (s2t, s2tw, s2twp, s2hk)")
    args = parser.parse_args()
    for suite in args.suites:
        print(f"{suite}: {twin(suite, args.out, args.config)} files")


if __name__ == "__main__":
    main()

"""The ``ragbench`` command line. Exit codes: 0 ok, 1 regression, 2 usage or input error,
3 infrastructure error, 4 inconclusive. User errors print one line, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from rag.errors import RagbenchError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ragbench", description="Evaluation-first benchmark harness for RAG pipelines."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("validate", help="check configs and suites without running anything")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE")

    p = sub.add_parser("index", help="build (or reuse) the indexes of a config's suites")
    p.add_argument("config", type=Path)
    p.add_argument("-P", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="override a config value, e.g. -P chunker.params.max_chars=300")
    p.add_argument("--suite", action="append", default=[], metavar="NAME",
                   help="only these suites (repeatable)")

    p = sub.add_parser("run", help="evaluate a config over its suites; write a run log and an HTML report")
    p.add_argument("config", type=Path)
    p.add_argument("-P", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--suite", action="append", default=[], metavar="NAME", help="only these suites (repeatable)")
    p.add_argument("--split", action="append", default=[], choices=["dev", "test"],
                   help="only the cases of this split (repeatable); a BEIR suite with qrels per split reads only these")
    p.add_argument("--resume", nargs="?", const="latest", metavar="RUN_DIR",
                   help="continue the latest unfinished run of this config (or the one given)")
    p.add_argument("--out", type=Path, help="folder for run folders (default reports/runs)")
    p.add_argument("--estimate", action="store_true",
                   help="send nothing to the judge: print its calls, tokens and cost per suite and judged metric")
    p.add_argument("--limit", type=int, metavar="N",
                   help="only N cases per suite, drawn reproducibly and stratified by split")

    p = sub.add_parser("sweep", help="run every variant of a sweep config; write a leaderboard")
    p.add_argument("config", type=Path)
    p.add_argument("--workers", type=int, metavar="N", help="variants in parallel (default: the sweep's 'workers')")
    p.add_argument("--resume", nargs="?", const="latest", metavar="SWEEP_DIR",
                   help="continue the latest unfinished sweep of this name (or the one given)")
    p.add_argument("--out", type=Path, help="folder for sweep folders (default reports/sweeps)")

    p = sub.add_parser("tune", help="search a config space on the dev split (Optuna); report once on the test split")
    p.add_argument("config", type=Path, help="a tune file")
    p.add_argument("--trials", type=int, metavar="N", help="trials in all, this time (default: the file's budget)")
    p.add_argument("--resume", nargs="?", const="latest", metavar="TUNE_DIR",
                   help="continue the latest unfinished tune of this name (or the one given)")
    p.add_argument("--out", type=Path, help="folder for tune folders (default reports/tunes)")
    p.add_argument("--workers", type=int, metavar="N", help="trials in parallel processes (default: the file's 'workers')")
    p.add_argument("--cv", type=int, metavar="K",
                   help="nested K-fold cross-validation of the tune on the fit split (default: the file's 'cv')")

    p = sub.add_parser("fit-fusion", help="fit fusion: learned (LambdaMART or logistic) on a split; store it by its training data")
    p.add_argument("config", type=Path)
    p.add_argument("-P", dest="overrides", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--split", default="dev", choices=["dev", "test"], help="the split to learn from (default dev)")
    p.add_argument("--kind", choices=["lambdamart", "logistic"], help="default: the config's fusion.params.kind, else lambdamart")
    p.add_argument("--refit", action="store_true", help="fit again even if a model with this key is stored")

    p = sub.add_parser("gate", help="compare a candidate run with the committed baseline; exit code for CI")
    p.add_argument("config", type=Path, help="a gate file (configs/ci.yaml)")
    p.add_argument("--candidate", type=Path, action="append", metavar="RUN_DIR",
                   help="judge this run instead of running one (repeat it for each repeat of a noisy target)")
    p.add_argument("--baseline-ref", metavar="REF",
                   help="compute the baseline fresh on this machine from a git ref instead of reading the committed one")
    p.add_argument("--update-baseline", action="store_true", help="write the candidate as the new baseline")
    p.add_argument("--force", action="store_true",
                   help="with --update-baseline: even if a suite changed; else: compare runs judged by different judges")
    p.add_argument("--junit", type=Path, metavar="PATH", help="also write JUnit XML")
    p.add_argument("--html", type=Path, metavar="PATH", help="where to write the HTML diff (default: in the run)")
    p.add_argument("-P", dest="overrides", action="append", default=[], metavar="KEY=VALUE",
                   help="override a value of the gated config (to see what a change would do)")

    p = sub.add_parser("calibrate", help="fit answerability parameters on a suite's dev split by cross-validation")
    p.add_argument("config", type=Path)
    p.add_argument("--suite", action="append", required=True, metavar="NAME", help="the suite to fit on (repeatable)")
    p.add_argument("--folds", type=int, default=5, metavar="K", help="cross-validation folds (default 5)")
    p.add_argument("--out", type=Path, metavar="PATH", help="write the chosen parameters as a YAML snippet here")
    p.add_argument("--answer-type", action="store_true",
                   help="also read the asked-fact signal and fit its weight (0 when it does not help on dev)")
    p.add_argument("--pool", action="store_true",
                   help="fit one parameter set on all the --suite's dev cases together (one language; each suite weighs the same)")
    p.add_argument("--max-false-refusal", type=float, metavar="F",
                   help="with --answer-type: fit the scatter check within this false refusal on each suite's dev cases")
    p.add_argument("--budget-confidence", type=float, metavar="C",
                   help="with --max-false-refusal: hold the budget by the false refusal's one-sided upper bound at this "
                        "confidence (e.g. 0.9), the questions of one document counted together, not by the dev rate")
    p.add_argument("--dev-only", action="store_true",
                   help="compute and print no test-split figure, so that nothing is chosen after reading one")
    p.add_argument("-P", dest="overrides", action="append", default=[], metavar="KEY=VALUE")

    p = sub.add_parser("fit-reader", help="train a reader on dev questions and fit its cut on other dev questions "
                                          "(evidence's local_reader)")
    p.add_argument("config", type=Path)
    p.add_argument("--train-suite", action="append", default=[], metavar="NAME",
                   help="a suite whose dev cases train the reader (repeatable)")
    p.add_argument("--reader", metavar="NAME_OR_DIR",
                   help="instead of --train-suite: a trained reader whose cut is fitted again on --fit-suite")
    p.add_argument("--fit-suite", action="append", required=True, metavar="NAME",
                   help="a suite whose dev cases fit the combination and its cut (repeatable; never a train suite)")
    p.add_argument("--out", type=Path, required=True, metavar="DIR", help="the reader's folder")
    p.add_argument("--sources", type=int, default=3, metavar="N", help="the top sources a question is read in (3)")
    p.add_argument("--negatives", type=int, default=5, metavar="N", help="negative sentences per case (5)")
    p.add_argument("--epochs", type=int, default=2, metavar="N", help="training epochs (2)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-false-refusal", type=float, default=0.1, metavar="F",
                   help="the false-refusal budget on the fit suites' dev cases (0.1)")
    p.add_argument("-P", dest="overrides", action="append", default=[], metavar="KEY=VALUE")

    p = sub.add_parser("agree", help="how far the run's judge agrees with human labels; qualified or not")
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR")
    p.add_argument("--labels", type=Path, action="append", required=True, metavar="FILE",
                   help="a labels file (.jsonl, .csv, .yaml); repeatable (one per suite, say)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")

    p = sub.add_parser("label", help="write a static labelling page for a run's cases (labels download as a file)")
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR")
    p.add_argument("--metric", action="append", default=[], metavar="NAME",
                   help="labelled metrics offered (repeatable; default faithfulness and correctness)")
    p.add_argument("--labels", type=Path, metavar="FILE", help="labels made earlier: their cases whose answer changed come first")
    p.add_argument("--out", type=Path, metavar="PATH", help="default: label.html in the run folder")

    p = sub.add_parser("triage", help="failing cases grouped by the stage that lost them")
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR")
    p.add_argument("--suite", metavar="NAME", help="only this suite")
    p.add_argument("--tag", metavar="TAG", help="only cases with this tag")
    p.add_argument("--html", type=Path, metavar="PATH", help="where to write triage.html (default: in the run)")
    p.add_argument("--to-suite", type=Path, metavar="FILE", help="write the failing cases as a new suite")

    p = sub.add_parser("compare", help="two or more runs side by side: metrics, tags, a case × run matrix")
    p.add_argument("run_dirs", nargs="+", type=Path, metavar="RUN_DIR")
    p.add_argument("--force", action="store_true", help="compare runs of different suite versions anyway")
    p.add_argument("--html", type=Path, metavar="PATH", help="where to write compare.html (default: in the last run)")

    p = sub.add_parser("export", help="one flat row per case (or per sweep variant) for pandas")
    p.add_argument("run_dir", type=Path, metavar="RUN_DIR", help="a run folder, or a sweep folder for its leaderboard")
    p.add_argument("--format", default="parquet", choices=["parquet", "csv", "jsonl"])
    p.add_argument("--out", type=Path, metavar="PATH", help="default: cases.<format> in the run folder")

    p = sub.add_parser("report", help="rebuild the HTML report of runs from their logs, without re-running")
    p.add_argument("run_dirs", nargs="+", type=Path, metavar="RUN_DIR")

    p = sub.add_parser("ask", help="one question through the pipeline, with the stage trace")
    p.add_argument("config", type=Path)
    p.add_argument("question")
    p.add_argument("--suite", metavar="NAME", help="the suite whose corpus and identities to use")
    p.add_argument("--as", dest="as_name", metavar="IDENTITY", help="ask as this identity of the suite")
    p.add_argument("--json", action="store_true", help="print the AnswerFrame and trace as JSON")
    p.add_argument("-P", dest="overrides", action="append", default=[], metavar="KEY=VALUE")

    p = sub.add_parser("serve", help="the reference pipeline over HTTP: /v1/ask, SSE streaming, document upload")
    p.add_argument("config", type=Path)
    p.add_argument("--suite", action="append", default=[], metavar="NAME",
                   help="serve this suite (repeatable; default: every question-answering suite)")
    p.add_argument("--host", default="127.0.0.1",
                   help="default loopback; another address needs tokens (--tokens or $RAGBENCH_SERVE_TOKENS)")
    p.add_argument("--port", type=_port, default=8000)
    p.add_argument("--max-upload-mb", type=_positive, default=20.0, metavar="MB", help="larger uploads get 413")
    p.add_argument("--tokens", type=Path, metavar="FILE",
                   help="bearer tokens (their sha256) → identities and the admin role; see docs/serve.md, Security model")
    p.add_argument("--trust-identity-header", action="store_true",
                   help="believe X-Ragbench-Identity (an authenticating proxy sets it): only behind such a proxy")
    return parser


def _port(text: str) -> int:
    value = int(text) if text.isdigit() else -1
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (1–65535)")
    return value


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0 or value != value:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "validate":
            from eval.commands.validate import validate

            return validate(args.files)
        if args.command == "index":
            from eval.commands.index import index

            return index(args.config, args.overrides, args.suite)
        if args.command == "run":
            from eval.commands.run import run_command

            return run_command(args.config, args.overrides, args.suite, args.resume, args.out, args.split,
                               args.estimate, args.limit)
        if args.command == "tune":
            from eval.commands.tune import tune_command

            return tune_command(args.config, args.resume, args.out, args.trials, args.workers, args.cv)
        if args.command == "fit-reader":
            from eval.commands.fit_reader import fit_reader_command

            return fit_reader_command(args.config, args.train_suite, args.fit_suite, args.out, args.overrides,
                                      args.reader, args.sources, args.negatives, args.epochs, args.seed,
                                      args.max_false_refusal)
        if args.command == "fit-fusion":
            from eval.commands.fit_fusion import fit_fusion_command

            return fit_fusion_command(args.config, args.overrides, args.split, args.kind, args.refit)
        if args.command == "sweep":
            from eval.commands.sweep import sweep_command

            return sweep_command(args.config, args.workers, args.resume, args.out)
        if args.command == "gate":
            from eval.commands.gate import gate_command

            return gate_command(args.config, args.candidate, args.update_baseline, args.force, args.junit, args.html,
                                args.overrides, args.baseline_ref)
        if args.command == "calibrate":
            from eval.commands.calibrate import calibrate_command

            return calibrate_command(args.config, args.suite, args.folds, args.out, args.overrides, args.answer_type, args.pool,
                                     args.max_false_refusal, args.budget_confidence, args.dev_only)
        if args.command == "agree":
            from eval.commands.agree import agree_command

            return agree_command(args.run_dir, args.labels, args.json)
        if args.command == "label":
            from eval.commands.label import label_command

            return label_command(args.run_dir, args.metric, args.labels, args.out)
        if args.command == "triage":
            from eval.commands.triage import triage_command

            return triage_command(args.run_dir, args.suite, args.tag, args.html, args.to_suite)
        if args.command == "compare":
            from eval.commands.compare import compare_command

            return compare_command(args.run_dirs, args.force, args.html)
        if args.command == "export":
            from eval.commands.export import export_command

            return export_command(args.run_dir, args.format, args.out)
        if args.command == "report":
            from eval.commands.report import report_command

            return report_command(args.run_dirs)
        if args.command == "ask":
            from eval.commands.ask import ask

            return ask(args.config, args.question, args.suite, args.as_name, args.json, args.overrides)
        if args.command == "serve":
            from eval.commands.serve import serve_command

            return serve_command(args.config, args.suite, args.host, args.port, args.max_upload_mb, args.tokens,
                                 args.trust_identity_header)
    except RagbenchError as exc:
        print(f"ragbench: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except OSError as exc:   # an output folder that cannot be written, a path that cannot be read: one line
        where = f": {exc.filename}" if exc.filename else ""
        print(f"ragbench: error: {exc.strerror or exc}{where}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("ragbench: interrupted", file=sys.stderr)
        return 130
    raise AssertionError(f"unhandled command {args.command}")  # argparse guards this


if __name__ == "__main__":
    sys.exit(main())

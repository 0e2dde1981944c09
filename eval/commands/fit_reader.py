"""``ragbench fit-reader CONFIG --train-suite A --fit-suite B --out DIR``: a trained reader from dev questions
(``--reader R`` instead of ``--train-suite``: the cut of a trained reader fitted again on other dev questions)."""

from __future__ import annotations

from pathlib import Path

from eval.fit.reader import fit_reader
from eval.prepare import prepare


def fit_reader_command(config: Path, train_suites: list[str], fit_suites: list[str], out: Path, overrides: list[str],
                       reader: str | None, sources: int, negatives: int, epochs: int, seed: int,
                       max_false_refusal: float) -> int:
    prepared = prepare(config, overrides, scoring=False, progress=False)
    fitted = fit_reader(prepared, train_suites, fit_suites, out, reader=reader, sources=sources, negatives=negatives,
                        epochs=epochs, seed=seed, max_false_refusal=max_false_refusal)
    fit, trained = fitted["fit"], fitted["trained"]
    print(f"reader     {out}")
    if trained:
        # (a reader's folder may come from elsewhere: print what its reader.json says it was trained on)
        print(f"trained on {trained.get('cases', '?')} dev case(s) of {', '.join(trained.get('train_suites', []))}: "
              f"{trained.get('pairs', '?')} pairs, {trained.get('positives', '?')} positive")
    print(f"fitted on  dev cases of {', '.join(fit_suites)}: refuses {fit['refused']} of {fit['declines']} to decline "
          f"at {fit['false_refusals']} of {fit['answerable']} answerable (budget {max_false_refusal})")
    carried = fitted["held_out"]
    if carried["declines"] and carried["answerable"]:
        print(f"held out   refuses {carried['refused'] / carried['declines']:.3f} of the cases to decline at "
              f"{carried['false_refusals'] / carried['answerable']:.3f} false refusals (a cut fitted on half the fit "
              f"documents, read on the other half; {carried['decided']} decisions over {carried['splits']} halvings): the figures to "
              "expect on unseen questions of that kind, not the in-sample ones above")
    print("  budget  refused  false refusals   (the cut at other budgets, on the same cases)")
    for row in fitted["curve"]:
        print(f"  {row['budget']:6.2f}  {row['refused']:4d}/{fit['declines']:<4d} {row['false_refusals']:4d}/{fit['answerable']}")
    print(f"use it:    answerability: {{name: evidence, params: {{local_reader: {out}}}}}")
    return 0

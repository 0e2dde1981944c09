"""The CI regression gate: a candidate compared case by case with a baseline (DESIGN §7).

- :mod:`eval.gate.spec` — gate files: the gated config, the target's noise, the rules;
- :mod:`eval.gate.significance` — one-sided paired tests and what a rule can detect;
- :mod:`eval.gate.baseline` — committed baselines, with every repeat of a noisy target;
- :mod:`eval.gate.verdicts` — verdicts per rule and suite, flips, exit codes;
- :mod:`eval.gate.fresh` — a baseline computed on this machine from a git ref;
- :mod:`eval.gate.junit` — JUnit XML that agrees with the verdict.
"""

from eval.gate.baseline import Baseline, Measured, from_measured, from_run
from eval.gate.spec import Gate, GateFile, Rule, load_gate
from eval.gate.verdicts import EXIT, Flip, GateResult, Verdict, compare

__all__ = ["EXIT", "Baseline", "Flip", "Gate", "GateFile", "GateResult", "Measured", "Rule", "Verdict", "compare",
           "from_measured", "from_run", "load_gate"]

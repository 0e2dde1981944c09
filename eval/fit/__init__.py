"""Fit on dev, report on test: everything ragbench fits from golden cases, and the one fold rule
they share (:mod:`eval.fit.folds`).

- :mod:`eval.fit.calibrate` — the evidence answerability's threshold and weights
  (``ragbench calibrate``);
- :mod:`eval.fit.fusion` — ``fusion: learned`` (``ragbench fit-fusion``, or
  :func:`eval.prepare.prepare` when a config's learned fusion names no model).

A tune's nested cross-validation (:mod:`eval.tune.nested`) repeats a whole search per fold; it
lives with the tune and deals its folds by the same rule.
"""

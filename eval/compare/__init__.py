"""Comparing runs: metrics with paired tests, per-tag slices, the case × run matrix and the
first stage where each differing case diverged (:mod:`eval.compare.matrix`). Its text and page
are :mod:`eval.report.compare`; the command is :mod:`eval.commands.compare`."""

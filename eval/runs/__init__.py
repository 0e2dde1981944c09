"""Runs: suites, targets, the case executor, scoring, the run log and its checkpoint."""

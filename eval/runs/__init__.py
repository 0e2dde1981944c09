"""Runs: a prepared config evaluated case by case over its suites — executed, scored,
checkpointed and summarised into the versioned run log."""

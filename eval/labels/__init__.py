"""Human labels and what they say about a judge (DESIGN §7: a judge is trusted only as far as
it agrees with people).

- :mod:`eval.labels.file` — the labels file (JSONL, CSV or YAML) and the answer hash that ties a
  label to the answer it judged;
- :mod:`eval.labels.agreement` — agreement of a judge with people (κ, correlations, TPR/TNR,
  bias, Krippendorff's α) and the qualification verdict;
- :mod:`eval.labels.ppi` — prediction-powered intervals: the judge on every case, people on a few.
"""

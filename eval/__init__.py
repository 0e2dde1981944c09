"""ragbench's evaluation harness: configs, suites, runs, metrics, gates, reports and the CLI."""

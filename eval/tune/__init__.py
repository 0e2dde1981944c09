"""``ragbench tune``: search a config space with Optuna on a dev split, report once on a test split."""

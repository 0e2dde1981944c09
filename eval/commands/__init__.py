"""One module per CLI command; each returns its exit code."""

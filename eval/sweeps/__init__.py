"""Sweeps: axes expanded into variants, run through an executor, ranked on a leaderboard."""

"""Puzzles: the file format, judging answers, and mining puzzles from simulated games."""

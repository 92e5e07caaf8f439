"""What every family of rules shares: cards, the events a move sets going, refusals, and the seam.

The lowest layer above the foundation: the families of rules (:mod:`kaszino.games`) stand on it,
and it imports nothing above it (``tests/test_layers.py`` checks it).
"""

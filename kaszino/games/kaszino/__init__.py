"""Kaszinó as a family of the game seam; its engine still lives in :mod:`kaszino.engine`."""

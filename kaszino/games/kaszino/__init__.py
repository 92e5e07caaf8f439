"""Kaszinó (docs/rules.md): its rules, state, notation and records, its exact solver (:mod:`.solver`)
and its computer players (:mod:`.players`), as a family of the game seam (:mod:`kaszino.engine.seam`)."""

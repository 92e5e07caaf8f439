"""The Jupyter layer: pictures of cards and positions, the widgets, and the tutorial helpers.

``kaszino.jupyter.render`` is pure Python; the widgets need the ``notebook`` extra.
"""

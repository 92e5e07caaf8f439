"""Teaching in words: explanations of moves and the hint ladder, through ``kaszino.i18n``."""

"""Games against the computer, whatever the family: a session one move at a time, saved games."""

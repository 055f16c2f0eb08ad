"""Names for drafted players: a book of fantasy names that suit each
roster and team card (``names.json``), and the suggestions drawn from it."""

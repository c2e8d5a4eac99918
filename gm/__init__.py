"""The game master: parsing, narration, rules answers, sessions, saves, REPL and CLI."""

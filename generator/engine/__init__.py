"""The engine's files for the browser: its bytecode zip and cut-down standard library, its memory snapshot, its wheel."""

"""The action controller: key presses to rule actions (plain Python, no Textual). Arrives with the app."""

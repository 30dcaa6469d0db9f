"""Players that choose actions through the engine, as a human does through the keys: the
computer opponent. A layer beside the controller: it imports the rules and the
game store's layer below, never the UI."""

"""The Textual UI (the only package that imports textual and rich)."""

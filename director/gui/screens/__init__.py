"""Main screens, one folder each: view.py (widgets) and model.py (Qt models over services)."""

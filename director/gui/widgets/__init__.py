"""Small reusable widgets (the running plus/minus chart, ...)."""

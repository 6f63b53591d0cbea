"""Results in the formats other programs read: JSON and CSV of every result and standing,
USEBIO XML (the English Bridge Union's results schema) and the Bridgewebs results CSV.

`director.exchange.export.export_event(store, fmt)` gives a format's text; `director export`
writes it to a file.
"""

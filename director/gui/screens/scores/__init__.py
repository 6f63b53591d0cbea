"""Score entry: tricks for N/S per round or per tray."""

"""The movement chooser: proposals for the field and time, the round-by-table grid, balance."""

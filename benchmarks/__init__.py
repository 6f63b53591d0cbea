"""Speed figures, printed by `make bench`. Never asserted in unit tests: machines are noisy."""

"""Combinatorial designs behind the movements: finite fields, whist tournaments, difference sets."""

"""Scoring: averages, plus/minus, equating, the laws' awards and revokes, matchpoints. Pure."""

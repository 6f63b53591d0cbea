"""Printing with reportlab: indicators, cards, trump slips, travellers, results."""

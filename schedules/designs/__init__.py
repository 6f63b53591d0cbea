"""Combinatorial designs behind the movements, and the searches run once to find them.

Constructions: finite fields (`fields`), abelian groups (`groups`), difference sets
(`difference_sets`), starters and adders (`starters`), bordered Howell designs (`bordered`),
whist tournaments (`whist`, `holed_whist`, `patterned_whist`, `pbd`) and which of them builds
each size (`whist_sizes`). Searches: exact cover (`exact_cover`), the Safford seating
(`safford_search`), `bordered.find_bordered`, the multiplier annealing (`multiplier_whist`,
step for step a C kernel's, with its generator `xorshift`). What the searches found is stored
as data in schedules/data/ with the command under tools/ that reproduces it.
"""

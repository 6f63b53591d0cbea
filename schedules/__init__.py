"""The movement engine: pure Python, no Qt and no database.

A movement says, for every round and table, who sits where and which trays they play. The front
door is `schedules.catalog`: `build(Request(...))` asks a family for its movement and verifies
it, and `families()` lists what can be built (a family's module is imported only when it is
asked for). `schedules.types` holds the vocabulary, `schedules.verify` the invariants,
`schedules.balance` the comparison counts, `schedules.jsonio` the JSON contract and
`schedules.labels` the order competitors are listed in.
"""

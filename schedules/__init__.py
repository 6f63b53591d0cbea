"""The movement engine: pure Python, no Qt and no database.

A movement says, for every round and table, who sits where and which trays they play.
`schedules.types` holds the vocabulary, `schedules.verify` the invariants, `schedules.balance`
the comparison counts, `schedules.catalog` every family the engine can build.
"""

"""The movement engine: pure Python, no Qt and no database.

A movement says, for every round and table, who sits where and which trays they play.

What a director picks, and what the program reads back:

- the front door, `schedules.catalog`: `build(Request(...))` asks a family for its movement and
  verifies it; `families()` and `family(name)` list what can be built (a family's module is
  imported only when it is asked for, and its stored designs are read only then);
- the families, one module each: `mitchell`, `ladies_gentlemen`, `howell` (with `interwoven`
  and `reseated`), `safford`, `individual` (with `seat_game`), `team` (with `exchange`),
  `snow`, `classic`;
  played as several sections side by side with `sections`;
- what can be done to any movement: mnemonic play (`mnemonic`), arrow switches
  (`arrow_switch`), repairs during play (`repair/`), trays per round from the time
  available (`timing`);
- what the program reads of a movement: the vocabulary (`types`), the verifier and its
  promises (`verify`, `findings`, `promises/`, the shared counts in `tally`), the comparison
  balance (`balance`, and `balance_table` for the table of every Howell size), the JSON contract
  (`jsonio`, `movement_schema`, `json_input`), the text report (`render`), where everyone goes
  (`routes`) and the order competitors are listed in (`labels`).

Behind the families, the constructions and search results, which no director picks by name:

- `mitchell_layouts` and `howell_layouts`: where each Mitchell and Howell variant seats its
  competitors, before trays are counted out;
- `designs/`: the combinatorics (finite fields, groups, difference sets, starters, bordered
  and whist designs, exact cover, pairwise balanced designs), `designs.whist_sizes` (which
  construction builds the whist tournament of each size) and the searches run once to find
  designs (`designs.safford_search`, `designs.bordered.find_bordered`, ...);
- `data/`: every design found by search, one JSON file per kind, each entry naming the command
  under tools/ that reproduces it, read through `package_data`.
"""

"""The table server: results entered at the table from the players' phones.

The director's computer serves one page per table on the room's own network (or only to
itself, by default); each table opens its page from the link on its table card. What a table
enters goes through the same `EventStore` service, the same checks and the same undoable steps
as the director's own entries. Nothing here needs the internet: the page carries its own
style and script. The room's Wi-Fi is open to anyone in the room, so the server holds its own
against a hostile client (see `protection`, `connections`, `logs`).

    links       table_url, machine_addresses: what goes on a table card, where to listen
    table_view  what one table sees now: its round, seats, trays, and where pairs go next
    room        the event as the server reads it, once per change (a repair included)
    drive_room  a whist drive's tables as their pages read them: hand, seats, moves, entries
    drive_screen  a whist drive's big screen for a projector
    clock       the round timer shown on every table's page
    app         the web application (Starlette): the page and its JSON
    protection  the checks before the application: host, origin, type, body size
    connections each connection's deadline, and the cap on connections open at once
    limits      the figures the server holds requests, connections and tables to
    logs        the log on a hostile network: trouble once a minute, links never whole
    running     TableServer: the server started and stopped in a thread (GUI and command)
"""

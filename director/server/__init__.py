"""The table server: results entered at the table from the players' phones.

The director's computer serves one page per table on the room's own network (or only to
itself, by default); each table opens its page from the link on its table card. What a table
enters goes through the same `EventStore` service, the same checks and the same undoable steps
as the director's own entries. Nothing here needs the internet: the page carries its own
style and script.

    links       table_url, machine_addresses: what goes on a table card, where to listen
    table_view  what one table sees now: its round, seats, trays, and where pairs go next
    clock       the round timer shown on every table's page
    app         the web application (Starlette): the page and its JSON
    running     TableServer: the server started and stopped in a thread (for the GUI)
"""

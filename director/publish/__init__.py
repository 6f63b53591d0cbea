"""The results as a static website: standings, a page per deal, a page per competitor.

`director.publish.site.publish_site(store, folder)` writes it (the GUI's action and
`director publish` call it); `director.publish.pages` builds the pages, `html` the markup.
"""

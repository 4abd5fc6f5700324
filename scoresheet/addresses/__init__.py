"""Where a game is opened and who may do what there: its doors (``doors``, ``token_doors``,
``game_urls``), the links every template uses (``links``), the secret tokens (``tokens``) and their
uncached pages (``secret_addresses``), the one access resolver (``access``), what the score sheet
asks the league about clubs (``clubs``, answered at start, never imported), the site's own address
(``site``) and QR codes for pages (``qrcode``).
"""

"""What a night's results are, said once; every other package of the league only reads it.

- ``querysets``: which games **count** and which are **agreed** (filters from a Game, or along a
  path to one), and ``is_agreed``, the same decision for a table and its game already read;
- ``substitutes``: whom a seat's game is credited to when a substitute shared it (plain Python),
  and ``credited``: each team's credited players read from the database;
- ``metrics``: how every standings number is made from the counted games (points, win shares,
  victory points, the metrics and the ranking; plain Python); the ratings learn from the same
  ``TeamResult`` rows, VP and win shares;
- ``version``: the club's results version, moved on by every write a result depends on, which
  the kept standings and ratings are kept under.

Nights, the standings pages, the exchange, the results emails and the ratings read these; nothing
here imports them (``tests/test_league_packages.py``).
"""

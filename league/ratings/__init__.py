"""Players' ratings (PRODUCT.md, "Ratings"): learned from every counted game, partners and
opponents included, recomputed from the games each time they are asked for and never stored.

- ``league.ratings.learning``: the pure computation, from a list of games in date order.
- ``league.ratings.evaluation``: how well the ratings foretell games they did not learn from.
- ``league.ratings.selectors``: a club's counted games read from the database, and their ratings.
"""

"""The arithmetic of a round and a game, plain Python: the scoring engine (``engine``) and what it
reads of a variant once (``engine_tables``), one team's entry (``team_entry``, ``entries``), the
numbers the cards hardly allow (``plausibility``), who deals (``dealing``) and the score_game JSON
contract (``game_json``).
"""

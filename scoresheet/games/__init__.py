"""A game's life in the database: its writes (``services``) and reads (``selectors``), its pages
(``views``) and forms (``forms``, ``formfields``, ``inputs``, ``field_boxes``), its history and undo
(``history``, ``undoing``), games finished early (``early``), when a correction needs a reason
(``corrections``) and the models' own limits (``limits``). The models stay in ``scoresheet.models``.
"""

"""The rules of a variant: the schema every rules document is checked by (``schema``), the presets
(``presets/*.json``), the entry fields a variant asks for (``fields``), the presets' words
(``words``), the rules card in plain words (``card``), what a house variant changes (``diff``) and
the house-rules editor (``house_rules``, ``house_rules_forms``). Plain Python but the editor.
"""

"""The house-rules editor: every value of a rules document in one long form, checked by ``load_rules``.

The form builds a rules document from what was typed and hands it to ``rules.load_rules``, the
same check as a preset's; each ``Problem`` goes back next to the box it is about (its path,
"meld_schedule.bands[1].from", names the box), the ones no box shows at the top. Nothing is
saved while anything is wrong. Lists (book kinds, extras, red-three set bonuses, the meld
schedule, the piles, going out at some tables) are formsets: a row can be removed, and "Add a
row" adds one without JS.

An empty number box means the rule's "none": red threes that cannot be laid, never held, no
concealed bonus, a card that cannot be melded, no limit, no lower or upper bound; and for the
rules of issue 11 the field left out of the document (red threes that count whatever the books,
no number of books that wins at once, an extra that is no special hand), so that a document
without them is saved back without them.
"""

from __future__ import annotations

import copy
import re

from django import forms
from django.core.exceptions import ValidationError
from django.forms import formset_factory

from scoresheet.formfields import OnOffField, PlainIntegerField
from scoresheet.rules import CARD_CLASS_LABELS, CARD_CLASSES, RulesError, load_rules

NUMBER = {"inputmode": "numeric"}


def number(label, help_text="", **kwargs):
    return PlainIntegerField(
        label=label, required=False, help_text=help_text, widget=forms.TextInput(attrs=NUMBER), **kwargs
    )


class NumberListField(forms.CharField):
    """ "2, 3" → [2, 3]."""

    def to_python(self, value):
        text = super().to_python(value).strip()
        if not text:
            return []
        parts = [p.strip() for p in text.split(",")]
        if not all(re.fullmatch(r"[0-9]{1,9}", p) for p in parts):  # int() refuses 4,300 digits and more
            raise ValidationError("Write whole numbers separated by commas, such as 2, 3.")
        return [int(p) for p in parts]


class NumberMapField(forms.CharField):
    """ "2: 3, 3: 4" → {"2": 3, "3": 4}: a number of players (or a round) → a number."""

    def to_python(self, value):
        text = super().to_python(value).strip()
        mapping = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            match = re.fullmatch(r"([0-9]{1,9})\s*:\s*([0-9]{1,9})", part)
            if not match:
                raise ValidationError("Write pairs such as 2: 3, 4: 6 (before the colon, then its number).")
            mapping[match[1]] = int(match[2])
        return mapping


class NamedCountsField(forms.CharField):
    """ "Red canasta: 3, Black canasta: 4" → [("Red canasta", 3), ("Black canasta", 4)]: a book kind
    (its name as the page shows it, or its key) → a number; the editor finds each kind."""

    def to_python(self, value):
        text = super().to_python(value).strip()
        pairs = []
        for part in filter(None, (p.strip() for p in text.split(","))):
            match = re.fullmatch(r"([^:]+?)\s*:\s*([0-9]{1,9})", part)  # a book count, not a 5,000-digit number
            if not match:
                raise ValidationError("Write each book kind and its number, such as Clean book: 1, Dirty book: 2.")
            pairs.append((match[1], int(match[2])))
        return pairs


def map_text(mapping: dict) -> str:
    return ", ".join(f"{k}: {v}" for k, v in (mapping or {}).items())


def requirement_value(text: str):
    """An opening-meld requirement: a number of points, or a short text ("a natural canasta")."""
    text = (text or "").strip()
    return int(text) if re.fullmatch(r"[0-9]+", text) else text


class RulesForm(forms.Form):
    """The values that are not lists."""

    name = forms.CharField(max_length=120, required=False)
    summary = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    player_notes = forms.CharField(
        label="Good to know (one note a line)", required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    book_size = number("Cards in a book")
    book_size_by_players = NumberMapField(
        label="Book size by players (optional)", required=False, help_text="Such as 3: 7 (players: cards)."
    )
    required_any_books = number("Books of any kind needed to go out")
    red_laid_value = number("Red three laid, each", "Empty: red threes cannot be laid.")
    red_held_penalty = number("Red three caught in hand, each against", "Empty: red threes are never held.")
    red_negative_when_not_melded = OnOffField(label="Red threes count against a team that has not melded")
    red_positive_with_books = number(
        "Red threes count only for a side with at least this many books",
        "Books of any kind made in the round. Empty: red threes count whatever the books.",
    )
    red_below = forms.ChoiceField(
        label="Red threes of a side with fewer books",
        choices=[("nothing", "Count nothing"), ("against", "Count against the side")],
        widget=forms.RadioSelect,
        required=False,
        help_text="Only when the box above has a number.",
    )
    black_held_penalty = number("Black three caught in hand, each against")
    melded_against_without_books = OnOffField(label="Melded cards count against a side that made no book in the round")
    going_out_bonus = number("Going out")
    concealed_bonus = number("Going out concealed, more", "Empty: no concealed going out.")
    meld_basis = forms.ChoiceField(
        label="Opening meld depends on",
        choices=[("round", "The round"), ("score", "The team's score before the round")],
        widget=forms.RadioSelect,
        required=False,
    )
    end_by = forms.ChoiceField(
        label="The game ends",
        choices=[("rounds", "After a number of rounds"), ("score", "When a team reaches a score")],
        widget=forms.RadioSelect,
        required=False,
    )
    rounds = number("Rounds")
    optional_extra_rounds = number("Optional extra rounds")
    target_score = number("Target score")
    books_to_win = number("Books in one round that win the game at once", "Books of any kind. Empty: no such win.")
    books_to_win_bonus = number("Bonus for them", "Scored on top of the round. Empty: none.")
    team_counts = NumberListField(label="Numbers of teams", required=False, help_text="Such as 2, 3. Empty: none.")
    individual_counts = NumberListField(
        label="Numbers of players on their own", required=False, help_text="Such as 2, 3. Empty: none."
    )
    players_per_team = NumberListField(label="Players in a team", required=False)
    decks_by = forms.ChoiceField(
        label="Decks",
        choices=[
            ("fixed", "A fixed number"),
            ("players_plus_one", "One more than the players"),
            ("by_players", "By the number of players"),
        ],
        widget=forms.RadioSelect,
        required=False,
    )
    decks_fixed = number("Number of decks")
    decks_by_players = NumberMapField(
        label="Decks by players", required=False, help_text="Such as 4: 6, 6: 7 (players: decks)."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key in CARD_CLASSES:
            label = "Black three melded" if key == "black_threes" else CARD_CLASS_LABELS[key]
            self.fields[f"card_{key}"] = number(label, "Empty: cannot be melded.")
        self.order_fields(["name", "summary"])


class KindForm(forms.Form):
    key = forms.CharField(required=False, widget=forms.HiddenInput)
    label = forms.CharField(max_length=60, required=False)
    bonus = number("Bonus")
    cards = forms.ChoiceField(
        choices=[("natural", "Natural (no wild cards)"), ("mixed", "Mixed (with wild cards)"), ("wild", "Wild only")],
        required=False,
    )
    required_to_go_out = number("Needed to go out")
    required_by_round = NumberMapField(
        label="Needed by round (optional)", required=False, help_text="Such as 1: 3 (round: books)."
    )


class ExtraForm(forms.Form):
    key = forms.CharField(required=False, widget=forms.HiddenInput)
    label = forms.CharField(max_length=60, required=False)
    amount = number("Points (minus for a penalty)", "Empty for a special hand.")
    max_per_round = number("At most a round", "Empty: no limit.")
    note = forms.CharField(max_length=200, required=False)
    # A special hand (Acaba, the American special hands): the round scores these and nothing else.
    replaces_caller = number(
        "Replaces the round: the caller scores",
        "For a special hand, called once a round. Leave both of these empty for an ordinary extra.",
    )
    replaces_others = number("Replaces the round: every other side scores", "Empty: 0.")


class SetBonusForm(forms.Form):
    min_count = number("Red threes, at least")
    bonus = number("Bonus")


class MeldRoundForm(forms.Form):
    requirement = forms.CharField(label="Opening meld", max_length=60, required=False)


class MeldBandForm(forms.Form):
    low = number("From score", "Empty: no lower bound.")
    high = number("Up to (not included)", "Empty: no upper bound.")
    requirement = forms.CharField(label="Opening meld", max_length=60, required=False)


class PileForm(forms.Form):
    name = forms.CharField(max_length=20, required=False)
    cards = number("Cards")


class TableForm(forms.Form):
    """Going out at some tables only (3 red and 4 black canastas with partners, 1 and 2 without)."""

    players = NumberListField(
        label="Players at the table", required=False, help_text="Such as 4, 6. Empty: any number."
    )
    partners = forms.ChoiceField(
        label="Partners",
        choices=[("", "With or without"), ("yes", "With partners"), ("no", "Everyone on their own")],
        required=False,
    )
    books = NamedCountsField(
        label="Books needed of each kind",
        required=False,
        help_text="Such as Clean book: 1, Dirty book: 2 (the book kinds' names above).",
    )
    any_books = number("Books of any kind needed", "Empty: none.")


# prefix → (form class, title, what a row is called)
LISTS = {
    "kinds": (KindForm, "Book kinds"),
    "extras": (ExtraForm, "Extras"),
    "setbonus": (SetBonusForm, "Red-three set bonuses"),
    "meldround": (MeldRoundForm, "Opening meld by round"),
    "meldband": (MeldBandForm, "Opening meld by score"),
    "piles": (PileForm, "Piles dealt"),
    "tables": (TableForm, "Going out at some tables"),
}
# Problem paths' list names → formset prefix, and the document key of a row → its box.
PATH_LISTS = {
    "book_kinds": ("kinds", {"key": "label"}),
    "extras": (
        "extras",
        {
            "key": "label",
            "replaces_round_score": "replaces_caller",
            "replaces_round_score.caller": "replaces_caller",
            "replaces_round_score.others": "replaces_others",
        },
    ),
    "red_threes.set_bonuses": ("setbonus", {}),
    "meld_schedule.by_round": ("meldround", {}),
    "meld_schedule.bands": ("meldband", {"from": "low", "to": "high"}),
    "setup.piles": ("piles", {}),
    "going_out_by_players": ("tables", {}),
}
# Problem paths of the single values → their box (the longest matching prefix wins).
PATH_FIELDS = {
    "name": "name",
    "summary": "summary",
    "player_notes": "player_notes",
    "book_size": "book_size",
    "book_size_by_players": "book_size_by_players",
    "required_any_books": "required_any_books",
    "red_threes.laid_value": "red_laid_value",
    "red_threes.held_penalty": "red_held_penalty",
    "red_threes.negative_when_not_melded": "red_negative_when_not_melded",
    "red_threes.positive_with_books": "red_positive_with_books",
    "red_threes.positive_with_books.otherwise": "red_below",
    "melded_against_without_books": "melded_against_without_books",
    "black_threes.held_penalty": "black_held_penalty",
    "going_out_bonus": "going_out_bonus",
    "concealed_bonus": "concealed_bonus",
    "meld_schedule.basis": "meld_basis",
    "game_end.rounds": "rounds",
    "game_end.optional_extra_rounds": "optional_extra_rounds",
    "game_end.target_score": "target_score",
    "game_end.books_to_win": "books_to_win",
    "game_end.books_to_win.bonus": "books_to_win_bonus",
    "game_end": "end_by",
    "setup.team_counts": "team_counts",
    "setup.individual_counts": "individual_counts",
    "setup.players_per_team": "players_per_team",
    "setup.decks.fixed": "decks_fixed",
    "setup.decks.by_players": "decks_by_players",
    "setup.decks": "decks_by",
    **{f"card_values.{key}": f"card_{key}" for key in CARD_CLASSES},
}


def initial_values(document: dict) -> tuple[dict, dict[str, list[dict]]]:
    """The form's and the formsets' initial values from a rules document."""
    red, setup, end = document.get("red_threes", {}), document.get("setup", {}), document.get("game_end", {})
    decks, schedule = setup.get("decks", {}), document.get("meld_schedule", {})
    cards = document.get("card_values", {})
    kinds = kind_names(document.get("book_kinds"))
    needs_books = red.get("positive_with_books") or {}
    to_win = end.get("books_to_win") or {}
    values = {
        "name": document.get("name", ""),
        "summary": document.get("summary", ""),
        "player_notes": "\n".join(document.get("player_notes", [])),
        "book_size": document.get("book_size", 7),
        "book_size_by_players": map_text(document.get("book_size_by_players")),
        "required_any_books": document.get("required_any_books", 0),
        "red_laid_value": red.get("laid_value"),
        "red_held_penalty": red.get("held_penalty"),
        "red_negative_when_not_melded": bool(red.get("negative_when_not_melded")),
        "red_positive_with_books": needs_books.get("books"),
        "red_below": needs_books.get("otherwise", "nothing"),
        "melded_against_without_books": bool(document.get("melded_against_without_books")),
        "black_held_penalty": document.get("black_threes", {}).get("held_penalty"),
        "going_out_bonus": document.get("going_out_bonus"),
        "concealed_bonus": document.get("concealed_bonus"),
        "meld_basis": schedule.get("basis", "round"),
        "end_by": "score" if end.get("target_score") is not None else "rounds",
        "rounds": end.get("rounds"),
        "optional_extra_rounds": end.get("optional_extra_rounds", 0),
        "target_score": end.get("target_score"),
        "books_to_win": to_win.get("books"),
        "books_to_win_bonus": to_win.get("bonus"),
        "team_counts": ", ".join(map(str, setup.get("team_counts") or [])),
        "individual_counts": ", ".join(map(str, setup.get("individual_counts") or [])),
        "players_per_team": ", ".join(map(str, setup.get("players_per_team", [2]))),
        "decks_by": next((k for k in ("fixed", "players_plus_one", "by_players") if decks.get(k)), "fixed"),
        "decks_fixed": decks.get("fixed"),
        "decks_by_players": map_text(decks.get("by_players")),
        **{f"card_{key}": cards.get(key) for key in CARD_CLASSES},
    }
    lists = {
        "kinds": [
            {**kind, "required_by_round": map_text(kind.get("required_by_round"))}
            for kind in document.get("book_kinds", [])
        ],
        "extras": [_extra_values(extra) for extra in document.get("extras", [])],
        "setbonus": [dict(bonus) for bonus in red.get("set_bonuses", [])],
        "meldround": [{"requirement": r} for r in schedule.get("by_round", [])],
        "meldband": [
            {"low": b.get("from"), "high": b.get("to"), "requirement": b.get("requirement")}
            for b in schedule.get("bands", [])
        ],
        "piles": [dict(pile) for pile in setup.get("piles", [])],
        "tables": [_table_values(item, kinds) for item in document.get("going_out_by_players", [])],
    }
    return values, lists


def _extra_values(extra: dict) -> dict:
    special = extra.get("replaces_round_score") or {}
    return {
        **{k: v for k, v in extra.items() if k != "replaces_round_score"},
        "replaces_caller": special.get("caller"),
        "replaces_others": special.get("others"),
    }


PARTNERS = {True: "yes", False: "no", None: ""}


def _table_values(item: dict, kinds: dict[str, str]) -> dict:
    """A going-out-at-some-tables row: its book kinds by the names the page shows."""
    books = item.get("books") or {}
    return {
        "players": ", ".join(map(str, item.get("players") or [])),
        "partners": PARTNERS.get(item.get("partners"), ""),
        "books": ", ".join(f"{kinds.get(key, key)}: {count}" for key, count in books.items()),
        "any_books": item.get("any_books"),
    }


def kind_names(book_kinds: list) -> dict[str, str]:
    """Book kind key → the name a club player types for it: its label, or its key where the label
    would not read back (a comma or colon in it, or two kinds with the same label)."""
    kinds = [k for k in book_kinds or [] if isinstance(k, dict) and isinstance(k.get("key"), str)]
    labels = [str(k.get("label") or "").strip().lower() for k in kinds]
    names = {}
    for kind, label in zip(kinds, labels, strict=True):
        usable = label and not set(label) & set(",:") and labels.count(label) == 1
        names[kind["key"]] = str(kind["label"]).strip() if usable else kind["key"]
    return names


class HouseRulesEditor:
    """The form and its formsets for one variant's document; ``save_document()`` after ``is_valid()``."""

    def __init__(self, document: dict, data=None):
        self.base = document
        values, lists = initial_values(document)
        self.data = data
        if data is not None and data.get("more") in LISTS:
            data = _with_one_more_row(data, data["more"])
        self.form = RulesForm(data, initial=values)
        self.lists = {}
        for prefix, (form_class, _title) in LISTS.items():
            formset_class = formset_factory(form_class, extra=1, can_delete=True)
            self.lists[prefix] = formset_class(data, initial=lists[prefix], prefix=prefix)
        self.top_errors: list[str] = []
        self.document: dict | None = None

    @property
    def adding(self) -> bool:
        """ "Add a row" was pressed: show the form again with the new row, save nothing."""
        return self.data is not None and self.data.get("more") in LISTS

    @property
    def failed(self) -> bool:
        """Sent, not saved, and not for adding a row: something is wrong."""
        return self.data is not None and not self.adding and self.document is None

    def formsets(self):
        return [(prefix, LISTS[prefix][1], formset) for prefix, formset in self.lists.items()]

    def is_valid(self) -> bool:
        forms_ok = self.form.is_valid() & all([fs.is_valid() for fs in self.lists.values()])  # every box checked
        document, self.rows = self._document()
        self.names = kind_names(document.get("book_kinds"))  # for a message naming the book kinds
        try:
            load_rules(document)
        except RulesError as exc:
            for problem in exc.errors:
                self._place(problem.field or "", problem.message)
            return False
        if not forms_ok or self.adding:
            return False
        self.document = document
        return True

    # --- the document from the boxes ------------------------------------------------------

    def _rows(self, prefix: str) -> list[tuple[int, dict]]:
        """(form index, values) of the rows kept: not ticked for removal, not left empty."""
        rows = []
        for index, form in enumerate(self.lists[prefix].forms):
            data = getattr(form, "cleaned_data", None) or {}
            if data.get("DELETE"):
                continue
            # a select always says something ("natural"): a row with nothing typed is still empty
            values = {k: v for k, v in data.items() if k not in ("DELETE", "key", "cards")}
            if all(v in (None, "", [], {}) for v in values.values()):
                continue
            rows.append((index, data))
        return rows

    def _document(self) -> tuple[dict, dict[str, list[int]]]:
        """The rules document the boxes say (a box that did not read leaves its value out, and
        ``load_rules`` then names it too), and for each list which form each document row came from."""
        v = self.form.cleaned_data if hasattr(self.form, "cleaned_data") else {}
        document = copy.deepcopy(self.base)
        rows: dict[str, list[int]] = {}

        def put(section: dict, key: str, box: str, *, keep_none=True):
            if box in v and (keep_none or v[box] is not None):
                section[key] = v[box]
            else:
                section.pop(key, None)

        put(document, "name", "name")
        put(document, "summary", "summary")
        document["player_notes"] = [line.strip() for line in v.get("player_notes", "").splitlines() if line.strip()]
        put(document, "book_size", "book_size", keep_none=False)
        put(document, "book_size_by_players", "book_size_by_players")
        put(document, "required_any_books", "required_any_books", keep_none=False)
        put(document, "going_out_bonus", "going_out_bonus", keep_none=False)
        put(document, "concealed_bonus", "concealed_bonus")
        document["card_values"] = {}
        for key in CARD_CLASSES:
            put(document["card_values"], key, f"card_{key}")

        red = {}
        put(red, "laid_value", "red_laid_value")
        put(red, "held_penalty", "red_held_penalty")
        put(red, "negative_when_not_melded", "red_negative_when_not_melded")
        kept = self._rows("setbonus")
        rows["setbonus"] = [i for i, _ in kept]
        red["set_bonuses"] = [{"min_count": d.get("min_count"), "bonus": d.get("bonus")} for _, d in kept]
        if v.get("red_positive_with_books") is not None:  # empty: red threes count whatever the books
            red["positive_with_books"] = {
                "books": v["red_positive_with_books"],
                "otherwise": v.get("red_below") or "nothing",
            }
        document["red_threes"] = red
        document["black_threes"] = {}
        put(document["black_threes"], "held_penalty", "black_held_penalty", keep_none=False)

        document["book_kinds"], rows["kinds"] = self._keyed("kinds", set(), self._kind)
        taken = {kind["key"] for kind in document["book_kinds"]}
        document["extras"], rows["extras"] = self._keyed("extras", taken, self._extra)
        if v.get("melded_against_without_books"):
            document["melded_against_without_books"] = True
        else:
            document.pop("melded_against_without_books", None)

        basis = v.get("meld_basis") or self.base.get("meld_schedule", {}).get("basis")
        if basis == "score":
            kept = self._rows("meldband")
            bands = [
                {"from": d.get("low"), "to": d.get("high"), "requirement": requirement_value(d.get("requirement"))}
                for _, d in kept
            ]
            document["meld_schedule"] = {"basis": "score", "bands": bands}
            rows["meldband"] = [i for i, _ in kept]
        else:
            kept = self._rows("meldround")
            document["meld_schedule"] = {
                "basis": "round",
                "by_round": [requirement_value(d.get("requirement")) for _, d in kept],
            }
            rows["meldround"] = [i for i, _ in kept]

        end = {}
        if v.get("end_by") == "score":
            put(end, "target_score", "target_score", keep_none=False)
        else:
            put(end, "rounds", "rounds", keep_none=False)
            if v.get("optional_extra_rounds"):
                end["optional_extra_rounds"] = v["optional_extra_rounds"]
        if v.get("books_to_win") is not None:  # empty: no number of books wins at once (the bonus goes too)
            end["books_to_win"] = {"books": v["books_to_win"]}
            if v.get("books_to_win_bonus") is not None:
                end["books_to_win"]["bonus"] = v["books_to_win_bonus"]
        document["game_end"] = end

        setup = {}
        put(setup, "team_counts", "team_counts")
        put(setup, "individual_counts", "individual_counts")
        put(setup, "players_per_team", "players_per_team")
        decks_by = v.get("decks_by")
        if decks_by == "players_plus_one":
            setup["decks"] = {"players_plus_one": True}
        elif decks_by == "by_players":
            setup["decks"] = {"by_players": v.get("decks_by_players") or {}}
        else:
            setup["decks"] = {}
            put(setup["decks"], "fixed", "decks_fixed", keep_none=False)
        kept = self._rows("piles")
        setup["piles"] = [{"name": d.get("name"), "cards": d.get("cards")} for _, d in kept]
        rows["piles"] = [i for i, _ in kept]
        document["setup"] = setup

        kept = self._rows("tables")
        names = {**_by_name(self.base.get("book_kinds")), **_by_name(document["book_kinds"])}
        tables = [_table(d, names) for _, d in kept]
        rows["tables"] = [i for i, _ in kept]
        if tables:
            document["going_out_by_players"] = tables
        else:
            document.pop("going_out_by_players", None)
        return document, rows

    def _keyed(self, prefix: str, taken: set[str], build) -> tuple[list[dict], list[int]]:
        """The rows of a list whose items have a key (book kinds, extras): a row keeps its key; a new
        row's key is made from its label, different from every other key."""
        items, indexes = [], []
        for index, data in self._rows(prefix):
            key = data.get("key") or _new_key(data.get("label") or "", taken)
            taken.add(key)
            items.append({"key": key, **build(data)})
            indexes.append(index)
        return items, indexes

    @staticmethod
    def _kind(d: dict) -> dict:
        kind = {"label": d.get("label"), "bonus": d.get("bonus"), "cards": d.get("cards") or "natural"}
        if d.get("required_to_go_out"):
            kind["required_to_go_out"] = d["required_to_go_out"]
        if d.get("required_by_round"):
            kind["required_by_round"] = d["required_by_round"]
        return kind

    @staticmethod
    def _extra(d: dict) -> dict:
        caller, others = d.get("replaces_caller"), d.get("replaces_others")
        if caller is None and others is None:
            return {
                "label": d.get("label"),
                "amount": d.get("amount"),
                "max_per_round": d.get("max_per_round"),
                "note": d.get("note") or "",
            }
        # A special hand: no amount (a typed one is left in, for load_rules to refuse), at most once a round.
        extra = {"label": d.get("label"), "replaces_round_score": {"caller": caller or 0, "others": others or 0}}
        for key in ("amount", "max_per_round"):
            if d.get(key) is not None:
                extra[key] = d[key]
        extra["note"] = d.get("note") or ""
        return extra

    # --- problems back to their boxes -------------------------------------------------------

    def _place(self, path: str, message: str) -> None:
        """Put a problem of ``load_rules`` next to its box; one no box shows goes to the top."""
        message = _plain(path, message, self.names)
        for list_path, (prefix, renames) in PATH_LISTS.items():
            match = re.fullmatch(re.escape(list_path) + r"\[(\d+)\](?:\.([\w.]+))?.*", path)
            if match and int(match[1]) < len(self.rows.get(prefix, [])):
                form = self.lists[prefix].forms[self.rows[prefix][int(match[1])]]
                inner = match[2] or ""  # "replaces_round_score.caller", "books.clean", "players"
                first = inner.split(".")[0]
                box = renames.get(inner) or renames.get(first) or first or _first_box(form)
                if box not in form.fields:
                    box = _first_box(form)
                if not form.has_error(box):
                    form.add_error(box, message)
                return
            if path == list_path:
                self.lists[prefix]._non_form_errors = self.lists[prefix].non_form_errors() + [message]
                return
        for prefix_path in sorted(PATH_FIELDS, key=len, reverse=True):
            if path == prefix_path or path.startswith(prefix_path + ".") or path.startswith(prefix_path + "["):
                box = PATH_FIELDS[prefix_path]
                if not self.form.has_error(box):
                    self.form.add_error(box, message)
                return
        self.top_errors.append(f"{path}: {message}" if path else message)


def _by_name(book_kinds) -> dict[str, str]:
    """What a club player may type for a book kind (its label or its key, in any case) → its key."""
    names = {}
    for kind in book_kinds or []:
        if isinstance(kind, dict) and isinstance(kind.get("key"), str):
            names[str(kind.get("label") or "").strip().lower()] = kind["key"]
            names[kind["key"].lower()] = kind["key"]
    names.pop("", None)
    return names


def _table(d: dict, names: dict[str, str]) -> dict:
    """A going_out_by_players item from its row. A book kind the row names that no kind has goes in
    as typed, for load_rules to refuse next to the box."""
    item = {}
    if d.get("players"):
        item["players"] = d["players"]
    if d.get("partners") in ("yes", "no"):
        item["partners"] = d["partners"] == "yes"
    books = {names.get(name.strip().lower(), name.strip()): count for name, count in d.get("books") or []}
    if books:
        item["books"] = books
    if d.get("any_books") is not None:
        item["any_books"] = d["any_books"]
    return item


# load_rules's messages that name the document's keys, in the words of the boxes.
PLAIN = [
    (
        r"red_threes\.negative_when_not_melded",
        r"leave it out with positive_with_books.*",
        "Leave it unticked when red threes count only with enough books: "
        "the choice for a side with fewer books says how they count.",
    ),
    (
        r"extras\[\d+\]\.amount",
        r"leave it out for a special hand.*",
        "Leave it empty for a special hand: it scores what the “Replaces the round” boxes say.",
    ),
    (
        r"going_out_by_players\[\d+\]",
        r"needs 'players'.*",
        "Say which tables: the numbers of players, or with or without partners.",
    ),
]


def _plain(path: str, message: str, names: dict[str, str]) -> str:
    for path_pattern, message_pattern, plain in PLAIN:
        if re.fullmatch(path_pattern, path) and re.fullmatch(message_pattern, message):
            return plain
    match = re.fullmatch(r"going_out_by_players\[\d+\]\.books\.(.+)", path)
    if match and message.startswith("is not a book kind"):
        return f"“{match[1]}” is not one of the book kinds: write one of {', '.join(names.values())}."
    return message


def _first_box(form) -> str:
    return next(name for name, field in form.fields.items() if not field.widget.is_hidden)


def _new_key(label: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_") or "item"
    key, n = base, 1
    while key in taken:
        n += 1
        key = f"{base}_{n}"
    return key


def _with_one_more_row(data, prefix: str):
    data = data.copy()
    total = f"{prefix}-TOTAL_FORMS"
    if str(data.get(total, "")).isdigit():
        data[total] = str(int(data[total]) + 1)
    return data

"""A field's box and errors as the pages write them (scoresheet/games/field_boxes.py): everything typed or
named is escaped, the picks stop at the field's limit and the one chosen is pressed, and an error is
tied to its box's id."""

from django import forms

from scoresheet.games import field_boxes


class Sample(forms.Form):
    books = forms.IntegerField(label="Books <clean> & dirty", min_value=0, max_value=2)
    note = forms.CharField(label="Note", max_length=3)


def test_the_picks_stop_at_the_fields_limit_and_the_value_typed_is_pressed():
    form = Sample(data={"books": "1", "note": "ok"})
    markup = field_boxes.box(form["books"], "picks")
    assert markup.count('class="pick"') == 3  # 0, 1, 2: the field's limit is under the usual 4
    assert 'data-pick="1" tabindex="-1" aria-label="Books &lt;clean&gt; &amp; dirty: 1" aria-pressed="true"' in markup
    assert markup.count('aria-pressed="true"') == 1
    assert '<div class="field field-count field-picks">' in markup
    assert "<clean>" not in markup


def test_a_box_with_an_error_says_so_beside_it_escaped_and_tied_to_its_id():
    form = Sample(data={"books": "7", "note": "<b>long"})
    assert not form.is_valid()
    markup = field_boxes.box(form["note"])
    assert '<div class="field field-points has-error">' in markup
    assert '<p id="id_note_error" class="field-error" role="alert">' in markup
    assert "&lt;b&gt;long" in markup and "<b>" not in markup  # the value typed comes back escaped
    errors = field_boxes.errors(form["books"])
    assert errors.startswith('<p id="id_books_error"') and "2" in errors  # "… less than or equal to 2."


def test_a_field_without_errors_has_no_error_line():
    form = Sample(data={"books": "0", "note": "ok"})
    assert field_boxes.errors(form["note"]) == ""
    assert "field-error" not in field_boxes.box(form["note"])
    assert "picks" not in field_boxes.box(form["books"], "count")

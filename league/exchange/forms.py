"""The upload and confirm forms of the spreadsheet imports."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.exchange.workbooks import MAX_BYTES, unpacked_problem
from league.models import Season


class WorkbookField(forms.FileField):
    """An uploaded .xlsx of 5 MB at most, that unpacks to no more than a workbook may; the sizes
    are checked before anything reads the file."""

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.ClearableFileInput(attrs={"accept": ".xlsx"}))
        super().__init__(**kwargs)

    def clean(self, data, initial=None):
        upload = super().clean(data, initial)
        if upload is not None and upload.size > MAX_BYTES:
            raise forms.ValidationError(
                gettext("The file is %(size)s MB: a workbook may be 5 MB at most.")
                % {"size": format(upload.size / 1048576, ".1f")}
            )
        if upload is not None:
            too_big = unpacked_problem(upload.read())
            upload.seek(0)
            if too_big:
                raise forms.ValidationError(too_big)
        return upload


class ResultsUploadForm(forms.Form):
    file = WorkbookField(label=_("Results workbook (.xlsx)"), help_text=_("A sheet called Results; see the sample."))
    season = forms.ModelChoiceField(queryset=Season.objects.none(), empty_label=None, label=_("Into the season"))
    replace = forms.BooleanField(
        required=False, label=_("Replace the nights on dates the season has already"), help_text=_("Their games go.")
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = club.seasons.all()


class RosterUploadForm(forms.Form):
    file = WorkbookField(label=_("Roster workbook (.xlsx)"), help_text=_("Columns Name, Email, Phone, Active."))


class ConfirmForm(forms.Form):
    """The second step: the uploaded file waiting in the database (kept_uploads), by its random name."""

    upload = forms.RegexField(regex=r"^[A-Za-z0-9_-]{20,64}$", widget=forms.HiddenInput)
    season = forms.IntegerField(required=False, widget=forms.HiddenInput)
    replace = forms.BooleanField(required=False, widget=forms.HiddenInput)

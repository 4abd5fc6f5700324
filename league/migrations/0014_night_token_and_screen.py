"""A night's "where do I sit" token (/n/<token>/) and the room screen's choice to hide the standings
during the last sitting. The token is added empty, filled night by night (a default called once
would give every night the same value), then made unique."""

import secrets

from django.db import migrations, models

import scoresheet.addresses.tokens


def fill_tokens(apps, schema_editor):
    Night = apps.get_model("league", "Night")
    for night in Night.objects.filter(token="").only("pk"):
        night.token = secrets.token_urlsafe(9)
        night.save(update_fields=["token"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0013_player_email_opt_out_and_result_emails"),
    ]

    operations = [
        migrations.AddField(
            model_name="night",
            name="token",
            field=models.CharField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="night",
            name="token",
            field=models.CharField(
                default=scoresheet.addresses.tokens.short_token, editable=False, max_length=64, unique=True
            ),
        ),
        migrations.AddField(
            model_name="night",
            name="screen_hides_last_standings",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="historicalnight",
            name="screen_hides_last_standings",
            field=models.BooleanField(default=False),
        ),
    ]

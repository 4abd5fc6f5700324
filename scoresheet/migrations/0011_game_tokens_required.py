import django.db.models
from django.db import migrations

import scoresheet.addresses.tokens


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0010_fill_game_tokens"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="token",
            field=django.db.models.CharField(
                default=scoresheet.addresses.tokens.new_token, editable=False, max_length=64, unique=True
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="share_token",
            field=django.db.models.CharField(
                default=scoresheet.addresses.tokens.new_token, editable=False, max_length=64, unique=True
            ),
        ),
    ]

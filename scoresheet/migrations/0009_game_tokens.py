# The game's play and share tokens, added empty: 0010 fills them for the games already there,
# 0011 then makes them required and unique (a unique column cannot be added with one default).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheet", "0008_game_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="share_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
    ]

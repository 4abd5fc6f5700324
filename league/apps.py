from django.apps import AppConfig


class LeagueConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "league"

    def ready(self):
        from league import doors, languages  # noqa: F401 (languages: the sign-in receiver)

        # A club's members' and a night table's doors into a game, and what the score sheet asks about clubs.
        doors.register()

from django.apps import AppConfig


class ScoresheetConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoresheet"

    def ready(self):
        from simple_history.signals import pre_create_historical_record

        from scoresheet.addresses import token_doors
        from scoresheet.games.history import fill_history_row

        # Every history row (of every app) carries the change it belongs to and who made it.
        pre_create_historical_record.connect(fill_history_row, dispatch_uid="scoresheet.games.history.fill_history_row")
        # The play and share links' doors into a game (scoresheet.addresses.doors; the league adds its own).
        token_doors.register()

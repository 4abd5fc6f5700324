"""Table links: t/<token>/… lets whoever holds a table's link enter and correct its game, no account needed."""

app_name = "tables"

urlpatterns = []

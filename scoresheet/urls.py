from django.urls import path

from scoresheet import views

app_name = "scoresheet"

urlpatterns = [
    path("", views.home, name="home"),
    path("variants/", views.variant_list, name="variant-list"),
    path("variants/<slug:slug>/", views.variant_detail, name="variant-detail"),
    path("games/new/", views.game_new, name="game-new"),
    path("games/deleted/", views.games_deleted, name="games-deleted"),
    path("games/<int:game_id>/", views.game_detail, name="game-detail"),
    path("games/<int:game_id>/rounds/<int:number>/", views.round_edit, name="round-edit"),
    path("games/<int:game_id>/rounds/<int:number>/preview/", views.round_preview, name="round-preview"),
    path("games/<int:game_id>/sheet.pdf", views.game_pdf, name="game-pdf"),
    path("print/", views.print_sheets, name="print-sheets"),
    path("games/<int:game_id>/finish/", views.game_finish, name="game-finish"),
    path("games/<int:game_id>/reopen/", views.game_reopen, name="game-reopen"),
    path("games/<int:game_id>/undo/", views.game_undo, name="game-undo"),
    path("games/<int:game_id>/delete/", views.game_delete, name="game-delete"),
    path("games/<int:game_id>/restore/", views.game_restore, name="game-restore"),
    path("games/<int:game_id>/renew/", views.game_renew, name="game-renew"),
]

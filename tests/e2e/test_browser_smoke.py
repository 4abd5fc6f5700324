import pytest


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_admin_login_page_in_browser(live_server, page):
    page.goto(live_server.url + "/admin/login/")
    assert "Log in" in page.title()
